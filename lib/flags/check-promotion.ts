import { and, desc, asc, eq, gt, isNotNull, isNull, lte, min, count, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { priceHistory } from "@/db/schema";
import { toCents } from "@/lib/core/money";
import type { TPromotionEvidence } from "./schemas";

export const OMNIBUS_DAYS = 30;
const DAY_MS = 86_400_000;

type TReading = {
  id: number;
  urlId: string;
  price: string | null;
  regularPrice: string | null;
  currency: string | null;
  createdAt: Date;
};

export type TPromotionCheck =
  | { status: "no_reduction" }
  | { status: "insufficient_history"; startedAt: Date }
  | { status: "genuine"; evidence: TPromotionEvidence }
  | { status: "suspect"; evidence: TPromotionEvidence };

/** The page announces a reduction: a crossed-out price above the price shown. */
export function showsReduction(r: { price: string | null; regularPrice: string | null }): boolean {
  const price = toCents(r.price);
  const regular = toCents(r.regularPrice);
  return price !== null && regular !== null && regular > price;
}

/**
 * A reading's (created_at, id) as a row value, read from the table: a JavaScript Date keeps milliseconds only, so
 * a reading stored with microseconds would not compare equal to its own Date (and the one before a reduction
 * would pass for its start).
 */
const key = (r: { id: number }) => sql`(select p.created_at, p.id from price_history p where p.id = ${r.id}::bigint)`;
const before = (r: { id: number }) => sql`(${priceHistory.createdAt}, ${priceHistory.id}) < ${key(r)}`;
const priced = (r: TReading) =>
  and(eq(priceHistory.urlId, r.urlId), isNotNull(priceHistory.price), isNull(priceHistory.correctedBy));
const cols = { id: priceHistory.id, price: priceHistory.price, createdAt: priceHistory.createdAt };

/**
 * The reduction "started" at the first reading of the current run of priced readings showing the same
 * crossed-out price above the price (price-less readings neither extend nor break a run).
 */
async function findRunStart(db: DbLike, r: TReading) {
  const [breaker] = await db
    .select({ id: priceHistory.id, createdAt: priceHistory.createdAt })
    .from(priceHistory)
    .where(
      and(
        priced(r),
        before(r),
        sql`(${priceHistory.regularPrice} is distinct from ${r.regularPrice}::numeric
          or ${priceHistory.regularPrice} <= ${priceHistory.price})`,
      ),
    )
    .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id))
    .limit(1);
  const [start] = await db
    .select(cols)
    .from(priceHistory)
    .where(
      and(
        priced(r),
        sql`(${priceHistory.createdAt}, ${priceHistory.id}) <= ${key(r)}`,
        breaker ? sql`(${priceHistory.createdAt}, ${priceHistory.id}) > ${key(breaker)}` : undefined,
      ),
    )
    .orderBy(asc(priceHistory.createdAt), asc(priceHistory.id))
    .limit(1);
  return start!;
}

/**
 * Omnibus check (directive 2019/2161, Code de la consommation art. L112-1-1) of one reading: its crossed-out
 * price against the lowest price recorded at the URL in the 30 days before the reduction started. That lowest
 * price counts the price in force when the window opened (the last priced reading at or before its start).
 * A price observed in the window below the crossed-out price proves the reduction suspect even when our history
 * does not cover the whole window; "genuine" needs the whole window, and with neither we say
 * "insufficient_history".
 */
export async function checkPromotion(db: DbLike, r: TReading): Promise<TPromotionCheck> {
  if (!showsReduction(r)) return { status: "no_reduction" };
  const start = await findRunStart(db, r);
  const startAt = start.createdAt;
  const windowFrom = new Date(startAt.getTime() - OMNIBUS_DAYS * DAY_MS);
  const [anchor] = await db
    .select(cols)
    .from(priceHistory)
    .where(and(priced(r), lte(priceHistory.createdAt, windowFrom)))
    .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id))
    .limit(1);

  const inWindow = and(priced(r), gt(priceHistory.createdAt, windowFrom), before(start));
  const [agg] = await db
    .select({ lowest: min(priceHistory.price), n: count() })
    .from(priceHistory)
    .where(inWindow);
  const windowLowest = agg?.lowest ?? null;
  let lowest = anchor ?? null;
  if (windowLowest !== null && (lowest === null || toCents(windowLowest)! < toCents(lowest.price)!)) {
    const [row] = await db
      .select(cols)
      .from(priceHistory)
      .where(and(inWindow, eq(priceHistory.price, windowLowest)))
      .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id))
      .limit(1);
    lowest = row!;
  }
  const suspect = lowest !== null && toCents(r.regularPrice)! > toCents(lowest.price)!;
  if (!lowest || (!anchor && !suspect)) return { status: "insufficient_history", startedAt: startAt };
  const evidence: TPromotionEvidence = {
    currency: r.currency?.trim() || "EUR",
    regular_price: r.regularPrice!,
    price: r.price!,
    observed_at: r.createdAt.toISOString(),
    reduction_started: { reading_id: start.id, at: startAt.toISOString(), price: start.price! },
    window_from: windowFrom.toISOString(),
    window_to: startAt.toISOString(),
    lowest: { reading_id: lowest.id, at: lowest.createdAt.toISOString(), price: lowest.price! },
    readings_in_window: Number(agg?.n ?? 0) + (anchor ? 1 : 0),
    whole_window: Boolean(anchor),
  };
  return { status: suspect ? "suspect" : "genuine", evidence };
}
