import { and, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { priceHistory } from "@/db/schema";
import { countRetainedReadings, getRetentionCutoff } from "@/lib/history";
import { AppError } from "@/lib/errors/app-error";
import type { TPageOffer } from "./extract";

export type TUrlHistoryPage = {
  entries: {
    id: number;
    price: number | null;
    currency: string | null;
    availability: boolean;
    /** The crossed-out reference price the page announced a sale against, if any. */
    regular_price: number | null;
    /** Shipping the page stated, if any. */
    shipping: number | null;
    /** false: the page showed a price but said nothing of stock ('Non précisée'). */
    availability_stated: boolean;
    /** What members or a coupon / promo code paid, beside the price. */
    member_price: number | null;
    coupon_price: number | null;
    /** The sellers' offers the page listed, if several. */
    offers: TPageOffer[] | null;
    /** 'correction': the reading after the user chose the right price on the page. */
    kind: "reading" | "correction";
    /** The correction that replaced this reading's wrong value (kept for audit), if any. */
    corrected_by: number | null;
    created_at: string;
  }[];
  /** Entries within the plan's retention, all pages together. */
  total: number;
};

/**
 * One page of the price history of one of the owner's URLs, newest first, as SPEC.md §3 shows it (price in
 * euros as a number, null when the page showed none): at most `limit` entries older than the entry `before`
 * (the cursor: the id of the last entry of the previous page). Entries older than the plan's retention are
 * never shown. The page walks price_history_url_latest_idx (no sort of the URL's history); the total adds
 * price_daily's counts.
 */
export async function getUrlHistory(
  workspaceId: string,
  urlId: string,
  page: { limit: number; before?: number },
): Promise<TUrlHistoryPage> {
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db);
  const retained: SQL[] = [eq(priceHistory.urlId, urlId)];
  if (cutoff) retained.push(gte(priceHistory.createdAt, cutoff));
  const where = [...retained];
  if (page.before !== undefined) {
    where.push(
      sql`(${priceHistory.createdAt}, ${priceHistory.id}) <
        (select p.created_at, p.id from price_history p where p.id = ${page.before} and p.url_id = ${urlId})`,
    );
  }
  // the page and the owner's count side by side: a foreign URL's page is read but never answered
  const [rows, total] = await Promise.all([
    db
      .select({
        id: priceHistory.id,
        price: priceHistory.price,
        currency: priceHistory.currency,
        available: priceHistory.available,
        regularPrice: priceHistory.regularPrice,
        shipping: priceHistory.shipping,
        availabilityStated: priceHistory.availabilityStated,
        memberPrice: priceHistory.memberPrice,
        couponPrice: priceHistory.couponPrice,
        offers: priceHistory.offers,
        kind: priceHistory.kind,
        correctedBy: priceHistory.correctedBy,
        createdAt: priceHistory.createdAt,
      })
      .from(priceHistory)
      .where(and(...where))
      .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id))
      .limit(page.limit),
    countRetainedReadings(db, workspaceId, urlId, cutoff),
  ]);
  if (total === null) throw new AppError("url_not_found");
  return {
    total,
    entries: rows.map((r) => ({
      id: r.id,
      price: r.price === null ? null : Number(r.price),
      currency: r.currency,
      availability: r.available,
      regular_price: r.regularPrice === null ? null : Number(r.regularPrice),
      shipping: r.shipping === null ? null : Number(r.shipping),
      availability_stated: r.availabilityStated,
      member_price: r.memberPrice === null ? null : Number(r.memberPrice),
      coupon_price: r.couponPrice === null ? null : Number(r.couponPrice),
      offers: Array.isArray(r.offers) ? (r.offers as TPageOffer[]) : null,
      kind: r.kind,
      corrected_by: r.correctedBy,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
