import { divRound, toCents } from "@/lib/core/money";
import { hostOf } from "@/lib/core/url-host";
import type { TBasis, TPosition } from "./schemas";

// Which readings count in the market view (docs/DESIGN.md, 'Vue marché'):
// - each URL's latest reading (product_urls.latest_*), or the latest one before an instant for the trends and
//   the changes; a reading older than the plan's retention does not count (the URL has no reading);
// - an offer is comparable when it is available, has a price and is quoted in euros, the currency of 'mon prix'
//   (products.reference_price has no currency of its own); other currencies are counted, never converted;
// - prices are the item price shown, shipping excluded (often not stated: null means unknown, never free); the
//   "total" basis adds the stated shipping (unstated counts 0, as the overview's load-positions.ts): an offer's
//   `amount`, what the market compares; never a member or coupon price.
export const MARKET_CURRENCY = "EUR";
/** 'Aligné' band around the cheapest offer: ±1 %. */
const ALIGNED_PERCENT = 1;

export type TOffer = {
  urlId: string;
  productId: string;
  name: string;
  url: string;
  domain: string;
  readingId: number;
  /** The item price; `amount` adds the shipping on the 'total' basis. */
  cents: number | null;
  shipping: number | null;
  amount: number | null;
  /** The marketplace seller of the offer (lib/history sellerOf); null on an ordinary shop page. */
  seller: string | null;
  currency: string;
  available: boolean;
  at: Date;
};

type TRawReading = {
  id: number;
  price: string | null;
  shipping?: string | null;
  seller?: string | null;
  currency: string | null;
  available: boolean;
  at: Date;
};

/** 'www.fnac.com' and 'fnac.com' are the same merchant; a URL that does not parse keeps its text. */
export function domainOf(url: string): string {
  const host = hostOf(url);
  return host ? host.replace(/^www\./, "") : url;
}

export function toOffer(
  url: { id: string; productId: string; name: string; url: string; domain?: string },
  reading: TRawReading,
  basis: TBasis = "price",
): TOffer {
  const cents = toCents(reading.price);
  const shipping = toCents(reading.shipping ?? null);
  return {
    urlId: url.id,
    productId: url.productId,
    name: url.name,
    url: url.url,
    domain: url.domain ?? domainOf(url.url),
    readingId: reading.id,
    cents,
    shipping,
    amount: cents === null || basis === "price" ? cents : cents + (shipping ?? 0),
    seller: reading.seller ?? null,
    currency: (reading.currency?.trim() || MARKET_CURRENCY).toUpperCase(),
    available: reading.available,
    at: reading.at,
  };
}

export const isComparable = (o: TOffer): o is TOffer & { amount: number } =>
  o.available && o.amount !== null && o.currency === MARKET_CURRENCY;

/** A merchant: the domain, and on a marketplace the seller (case and spaces ignored). */
export const merchantKey = (o: TOffer) =>
  o.seller ? `${o.domain}\u0000${o.seller.trim().replace(/\s+/g, " ").toLocaleLowerCase("fr")}` : o.domain;

export type TMarket = { count: number; min: number; avg: number; max: number; cheapest: TOffer[] };

/** Min, average (rounded to the cent) and max of the comparable offers' amounts; null without any. */
export function marketOf(offers: TOffer[]): TMarket | null {
  const priced = offers.filter(isComparable);
  if (priced.length === 0) return null;
  const prices = priced.map((o) => o.amount);
  const min = Math.min(...prices);
  const sum = prices.reduce((a, b) => a + b, 0);
  return {
    count: priced.length,
    min,
    avg: divRound(sum, priced.length),
    max: Math.max(...prices),
    cheapest: priced.filter((o) => o.amount === min),
  };
}

/** My position against the cheapest offer: within ±1 % of it is 'aligned' (integer arithmetic). */
export function positionOf(myCents: number, market: Pick<TMarket, "min"> | null): TPosition {
  if (!market) return "no_market";
  const gap = myCents - market.min;
  if (Math.abs(gap) * 100 <= market.min * ALIGNED_PERCENT) return "aligned";
  return gap < 0 ? "cheapest" : "dearer";
}
