import { divRound, toCents } from "@/lib/core/money";
import { hostOf } from "@/lib/products/urls/normalize-url";
import type { TPosition } from "./schemas";

// Which readings count in the market view (docs/DESIGN.md, 'Vue marché'):
// - each URL's latest reading (product_urls.latest_*), or the latest one before an instant for the trends and
//   the changes; a reading older than the plan's retention does not count (the URL has no reading);
// - an offer is comparable when it is available, has a price and is quoted in euros, the currency of 'mon prix'
//   (products.reference_price has no currency of its own); other currencies are counted, never converted;
// - prices are the item price shown, shipping excluded (often not stated: null means unknown, never free); the
//   overview's "total" basis adds the stated shipping (load-positions.ts).
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
  cents: number | null;
  currency: string;
  available: boolean;
  at: Date;
};

type TRawReading = { id: number; price: string | null; currency: string | null; available: boolean; at: Date };

/** 'www.fnac.com' and 'fnac.com' are the same merchant; a URL that does not parse keeps its text. */
export function domainOf(url: string): string {
  const host = hostOf(url);
  return host ? host.replace(/^www\./, "") : url;
}

export function toOffer(
  url: { id: string; productId: string; name: string; url: string; domain?: string },
  reading: TRawReading,
): TOffer {
  return {
    urlId: url.id,
    productId: url.productId,
    name: url.name,
    url: url.url,
    domain: url.domain ?? domainOf(url.url),
    readingId: reading.id,
    cents: toCents(reading.price),
    currency: (reading.currency?.trim() || MARKET_CURRENCY).toUpperCase(),
    available: reading.available,
    at: reading.at,
  };
}

export const isComparable = (o: TOffer): o is TOffer & { cents: number } =>
  o.available && o.cents !== null && o.currency === MARKET_CURRENCY;

export type TMarket = { count: number; min: number; avg: number; max: number; cheapest: TOffer[] };

/** Min, average (rounded to the cent) and max of the comparable offers; null without any. */
export function marketOf(offers: TOffer[]): TMarket | null {
  const priced = offers.filter(isComparable);
  if (priced.length === 0) return null;
  const prices = priced.map((o) => o.cents);
  const min = Math.min(...prices);
  const sum = prices.reduce((a, b) => a + b, 0);
  return {
    count: priced.length,
    min,
    avg: divRound(sum, priced.length),
    max: Math.max(...prices),
    cheapest: priced.filter((o) => o.cents === min),
  };
}

/** My position against the cheapest offer: within ±1 % of it is 'aligned' (integer arithmetic). */
export function positionOf(myCents: number, market: Pick<TMarket, "min"> | null): TPosition {
  if (!market) return "no_market";
  const gap = myCents - market.min;
  if (Math.abs(gap) * 100 <= market.min * ALIGNED_PERCENT) return "aligned";
  return gap < 0 ? "cheapest" : "dearer";
}
