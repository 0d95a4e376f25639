import type { TZones } from "./page-zones";
import type { TOffer } from "./structured-values";
import type { TTextCandidate } from "./text-candidates";
import type { TPageScan } from "./scan-page";

// Same shape as TPageOffer of ../extract (kept here so this file imports nothing from its caller).
export type TSellerOffer = {
  seller: string | null;
  price: string;
  currency: string | null;
  shipping: string | null;
  regularPrice: string | null;
  condition: "new" | "used" | "refurbished" | null;
  available: boolean | null;
  buyBox: boolean;
};

/** Offers kept per reading: enough for any marketplace page's first screen, bounded in storage. */
export const MAX_OFFERS = 20;

/** A rule (product_urls.selector) that reads one of the offers instead of the buy-box. */
export const OFFER_RULE = /^offer:(?:cheapest-new|seller=.+)$/;
export const CHEAPEST_NEW_RULE = "offer:cheapest-new";

/**
 * The sellers' offers of the page's own structured product when it lists several sellers (a marketplace), else
 * none. A crossed-out price only counts above its own offer's price.
 */
export function listSellerOffers(offers: TOffer[]): TSellerOffer[] {
  const priced = offers.filter((o) => o.price !== null && o.price !== "0");
  const sellers = new Set(priced.map((o) => o.seller?.toLowerCase()).filter(Boolean));
  if (priced.length < 2 || sellers.size < 2) return [];
  return priced.slice(0, MAX_OFFERS).map((o) => ({
    seller: o.seller ?? null,
    price: o.price!,
    currency: o.currency,
    shipping: o.shipping ?? null,
    regularPrice: o.regularPrice && Number(o.regularPrice) > Number(o.price) ? o.regularPrice : null,
    condition: o.condition ?? null,
    available: o.available,
    buyBox: false,
  }));
}

/**
 * Index of the buy-box offer: the one whose price the page shows most strongly between the product title and the
 * add-to-cart button (the other sellers' list comes after it), else most strongly in the main block, else the
 * first listed. `shown` says whether the page confirmed it.
 */
export function findBuyBox(
  offers: TSellerOffer[],
  text: TTextCandidate[],
  scan: TPageScan,
  zones: TZones,
): { index: number; shown: boolean } {
  const inBuyBox = (c: TTextCandidate) => {
    const order = scan.order.get(c.el) ?? -1;
    return zones.h1Order >= 0 && zones.cartOrder > zones.h1Order && order > zones.h1Order && order < zones.cartOrder;
  };
  for (const near of [inBuyBox, (c: TTextCandidate) => zones.isInMain(c.el)]) {
    let best: TTextCandidate | null = null;
    for (const c of text)
      if (!c.excluded && near(c) && offers.some((o) => o.price === c.price) && (!best || c.score > best.score))
        best = c;
    if (best) {
      const price = best.price;
      // several offers at that price: a new one first
      const at = offers.filter((o) => o.price === price);
      const pick = at.find((o) => o.condition !== "used" && o.condition !== "refurbished") ?? at[0]!;
      return { index: offers.indexOf(pick), shown: true };
    }
  }
  return { index: 0, shown: false };
}

const total = (o: TSellerOffer) => Number(o.price) + Number(o.shipping ?? 0);

/** The offer a rule names: the cheapest new one shipping included, or a seller's (case and spaces ignored). */
export function offerByRule(offers: TSellerOffer[], rule: string): TSellerOffer | null {
  if (rule === CHEAPEST_NEW_RULE) {
    let best: TSellerOffer | null = null;
    for (const o of offers)
      if (o.condition !== "used" && o.condition !== "refurbished" && o.available !== false)
        if (!best || total(o) < total(best)) best = o;
    return best;
  }
  const norm = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim().toLowerCase();
  const seller = norm(rule.slice("offer:seller=".length));
  return offers.find((o) => norm(o.seller) === seller) ?? null;
}
