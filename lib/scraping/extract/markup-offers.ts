import type { Element } from "domhandler";
import { ancestors, classTokens, isElement, struckKind, visibleText } from "./dom-utils";
import { statesShipping } from "./find-shipping";
import { MAX_OFFERS, type TSellerOffer } from "./page-offers";
import type { TZones } from "./page-zones";
import type { TTextCandidate } from "./text-candidates";
import type { TPageScan } from "./scan-page";

export type TMarkupOffers = {
  offers: TSellerOffer[];
  // Index of the offer whose block holds the element, else -1 (outside every seller's block).
  offerOf: (el: Element) => number;
};

const NONE: TMarkupOffers = { offers: [], offerOf: () => -1 };
const SOLD_BY_PREFIX =
  /^.*?(?:vendeur\s*:|seller\s*:|verkäufer\s*:|vendu(?: et expédié)? par|expédié et vendu par|sold by|ships from and sold by|verkauf durch|verkauft von|vendido por|venduto da)\s*:?\s*/i;
const SHIPPING_TOKEN = /^(?:shipping|delivery|livraison|port|fraisdeport|versand|envio|spedizione)$/;
const NOT_THE_PRICE = new RegExp(
  String.raw`\/\s?mois|par mois|per month|\d\s?x sans frais|\d\s?fois sans frais|mensualit|dont éco|prix au|\/\s?kg\b` +
    "|prix (?:membre|adhérent|club)|avec (?:le )?code|coupon",
  "i",
);
const FREE_SHIPPING =
  /livraison (?:gratuite|offerte)|frais de port offerts|free (?:shipping|delivery)|kostenloser versand|envío gratis/i;
const THRESHOLD = /dès|à partir|from\s|over\b|ab\s\d|desde/i;
const MAX_RATIO = 5;

function sellerName(s: { el: Element; name: string | null }): string | null {
  const raw = (s.name ?? visibleText(s.el, 160, true)).replace(/\s+/g, " ").replace(SOLD_BY_PREFIX, "");
  const name = raw.split(/\s[–—|•·-]\s|[,(\n]/)[0]?.trim() ?? "";
  return name.length >= 2 && name.length <= 60 && /\p{L}/u.test(name) ? name : null;
}

function conditionOf(text: string): TSellerOffer["condition"] {
  if (/reconditionn|refurbish|remis à neuf|generalüberholt/i.test(text)) return "refurbished";
  if (/occasion|\bused\b|comme neuf|très bon état|bon état|état correct|gebraucht/i.test(text)) return "used";
  if (/\bneu(?:f|ve)\b|\bnew\b/i.test(text)) return "new";
  return null;
}

function availabilityOf(text: string): boolean | null {
  if (/rupture|épuisé|indisponible|out of stock|sold out|ausverkauft/i.test(text)) return false;
  if (/en stock|in stock|auf lager|\bdisponible\b/i.test(text)) return true;
  return null;
}

/**
 * A marketplace page's offers from its markup when no data lists them: each seller name ("Vendu par X", an element
 * classed "seller") owns the largest block around it that holds no other seller's name; the block's price is that
 * seller's, and so are the crossed-out price and shipping inside it (none from another block). Blocks count in the
 * product block or under an "other offers" heading; at least two sellers' blocks with a price make a marketplace.
 */
export function markupOffers(scan: TPageScan, zones: TZones, text: TTextCandidate[]): TMarkupOffers {
  if (scan.sellerEls.length < 2) return NONE;
  // the innermost of nested seller elements ('<p class="seller">Vendu par <b>X</b></p>')
  const marked = new Set(scan.sellerEls.map((s) => s.el));
  const outer = new Set<Element>();
  for (const s of scan.sellerEls) for (const a of ancestors(s.el, 12)) if (marked.has(a)) outer.add(a);
  const kept = scan.sellerEls.filter(
    (s, i) => !outer.has(s.el) && scan.sellerEls.findIndex((x) => x.el === s.el) === i,
  );
  if (kept.length < 2) return NONE;
  const count = new Map<Element, number>();
  for (const s of kept) for (const a of ancestors(s.el)) count.set(a, (count.get(a) ?? 0) + 1);
  const blocks: Array<{ root: Element; seller: string }> = [];
  for (const s of kept) {
    const seller = sellerName(s);
    if (!seller) continue;
    let root = s.el;
    while (isElement(root.parent) && count.get(root.parent) === 1 && root.parent.name !== "body") root = root.parent;
    const chain = ancestors(root);
    if (chain.some((a) => scan.hiddenRoots.has(a)) || scan.hiddenRoots.has(root)) continue;
    const listed = chain.some((a) => scan.offersRoots.has(a));
    const main = zones.mainRoot;
    const inMain = !!main && (root === main || zones.isInMain(root) || ancestors(main).includes(root));
    if (!listed && (!inMain || zones.isOffTopic(root))) continue;
    blocks.push({ root, seller });
  }
  if (blocks.length < 2) return NONE;
  const index = new Map(blocks.map((b, i) => [b.root, i]));
  const blockOf = (el: Element): number => {
    const own = index.get(el);
    if (own !== undefined) return own;
    for (const a of ancestors(el, 30)) {
      const i = index.get(a);
      if (i !== undefined) return i;
    }
    return -1;
  };
  const inBlock: TTextCandidate[][] = blocks.map(() => []);
  for (const c of text) {
    const i = blockOf(c.el);
    if (i >= 0) inBlock[i]!.push(c);
  }
  const offers: TSellerOffer[] = [];
  const offerIndex = new Map<number, number>();
  blocks.forEach((b, i) => {
    const offer = readBlock(b.root, b.seller, inBlock[i]!);
    if (offer && offers.length < MAX_OFFERS) {
      offerIndex.set(i, offers.length);
      offers.push(offer);
    }
  });
  if (offers.length < 2 || new Set(offers.map((o) => o.seller?.toLowerCase())).size < 2) return NONE;
  return { offers, offerOf: (el) => offerIndex.get(blockOf(el)) ?? -1 };
}

function readBlock(root: Element, seller: string, cands: TTextCandidate[]): TSellerOffer | null {
  let price: TTextCandidate | null = null;
  const struck: TTextCandidate[] = [];
  const shipping = new Set<string>();
  for (const c of cands) {
    const chain = [c.el, ...ancestors(c.el, 6)];
    const upTo = chain.slice(0, chain.indexOf(root) + 1 || chain.length);
    if (upTo.some((a) => struckKind(a) !== null)) {
      struck.push(c);
      continue;
    }
    const own = visibleText(c.el, 120, true).replace(/\s+/g, " ");
    const around = isElement(c.el.parent) && c.el !== root ? visibleText(c.el.parent, 120, true) : "";
    const shipTokens = upTo.slice(0, 3).some((a) => classTokens(a).some((t) => SHIPPING_TOKEN.test(t)));
    if (shipTokens || statesShipping(own) || (around.length < 60 && statesShipping(around))) {
      shipping.add(c.price);
      continue;
    }
    if (NOT_THE_PRICE.test(own)) continue;
    if (c.excluded === "member" || c.excluded === "coupon" || c.excluded === "not-the-price") continue;
    if (!price || c.softScore > price.softScore) price = c;
  }
  if (!price) return null;
  const now = Number(price.price);
  let regular: TTextCandidate | null = null;
  for (const c of struck)
    if (Number(c.price) > now && Number(c.price) <= now * MAX_RATIO && (!regular || c.softScore > regular.softScore))
      regular = c;
  const text = visibleText(root, 400, true).replace(/\s+/g, " ");
  if (
    shipping.size === 0 &&
    FREE_SHIPPING.test(text) &&
    !THRESHOLD.test(text.slice(text.search(FREE_SHIPPING), text.search(FREE_SHIPPING) + 40))
  )
    shipping.add("0");
  return {
    seller,
    price: price.price,
    currency: price.parsed.currency,
    shipping: shipping.size === 1 ? ([...shipping][0] ?? null) : null,
    regularPrice: regular?.price ?? null,
    condition: conditionOf(text),
    available: availabilityOf(text),
    buyBox: false,
  };
}
