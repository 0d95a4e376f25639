import { sql } from "drizzle-orm";
import { type DbLike, queryRows } from "@/db";
import type { TPageOffer } from "@/lib/scraping";
import { centsToDecimal, toCents } from "@/lib/core/money";

export type TReadingOffer = {
  // Whether the page stated stock (false: 'Non précisée').
  availabilityStated: boolean;
  shipping: string | null;
  // The marketplace seller whose offer is the reading's price; null on a page that lists no sellers.
  seller: string | null;
};

/**
 * The seller of the offer a reading's price comes from: among the stored offers at that price, the buy-box one,
 * else a new one, else the first. Null without offers (an ordinary shop page) or when none is at that price.
 */
export function sellerOf(offers: unknown, price: string | null): string | null {
  if (!Array.isArray(offers) || price === null) return null;
  const cents = toCents(price);
  const at = (offers as TPageOffer[]).filter((o) => o && typeof o === "object" && toCents(o.price) === cents);
  const pick =
    at.find((o) => o.buyBox) ?? at.find((o) => o.condition !== "used" && o.condition !== "refurbished") ?? at[0];
  return typeof pick?.seller === "string" ? pick.seller : null;
}

/** Price plus stated shipping ("12.34"); null when either is unknown (unstated shipping is not free). */
export function totalWithShipping(price: string | null, shipping: string | null): string | null {
  const p = toCents(price);
  const s = toCents(shipping);
  return p === null || s === null ? null : centsToDecimal(p + s);
}

type Row = {
  id: string | number;
  price: string | null;
  shipping: string | null;
  availability_stated: boolean;
  offers: unknown;
};

/** Shipping, stated stock and seller of the given readings (ids of readings the caller already scoped). */
export async function readReadingOffers(db: DbLike, readingIds: number[]): Promise<Map<number, TReadingOffer>> {
  const out = new Map<number, TReadingOffer>();
  if (readingIds.length === 0) return out;
  const ids = sql`${`{${[...new Set(readingIds)].join(",")}}`}::bigint[]`;
  const rows = await queryRows<Row>(
    db,
    sql`select id, price, shipping, availability_stated, offers from price_history where id = any(${ids})`,
  );
  for (const r of rows)
    out.set(Number(r.id), {
      availabilityStated: r.availability_stated,
      shipping: r.shipping,
      seller: sellerOf(r.offers, r.price),
    });
  return out;
}
