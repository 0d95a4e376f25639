import { and, count, desc, eq, gte } from "drizzle-orm";
import { getDb } from "@/db";
import { priceHistory } from "@/db/schema";
import { getProductUrlOrThrow } from "@/lib/products/get-product-url-or-throw";
import { getRetentionCutoff } from "./get-retention-cutoff";
import { computeVariations, HISTORY_TABLE_LIMIT } from "./compute-variations";

export type TUrlHistoryEntry = {
  id: number;
  price: string | null;
  currency: string | null;
  availability: boolean;
  created_at: string;
  variation: string | null;
  variation_label: string;
};

/**
 * History of one tracked URL of the owner, newest first, limited to the plan's retention (older entries
 * are never returned), with the retained total. Another user's URL is a 404.
 */
export async function listUrlHistory(userId: string, urlId: string, options: { limit?: number } = {}) {
  const limit = options.limit ?? 100;
  const db = await getDb();
  const url = await getProductUrlOrThrow(userId, urlId, undefined, db);
  const { cutoff, retentionDays } = await getRetentionCutoff(userId, db);
  const where = and(eq(priceHistory.urlId, url.id), cutoff ? gte(priceHistory.createdAt, cutoff) : undefined);
  const [totalRow] = await db.select({ n: count() }).from(priceHistory).where(where);
  // one extra entry so the last returned row can still be compared with its predecessor
  const rows = await db
    .select({
      id: priceHistory.id,
      price: priceHistory.price,
      currency: priceHistory.currency,
      available: priceHistory.available,
      createdAt: priceHistory.createdAt,
    })
    .from(priceHistory)
    .where(where)
    .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id))
    .limit(limit + 1);
  const total = Number(totalRow?.n ?? 0);
  const entries = rows.map((r) => ({
    id: r.id,
    price: r.price,
    currency: r.currency?.trim() || null,
    availability: r.available,
    created_at: r.createdAt.toISOString(),
  }));
  const table = computeVariations(entries, { limit, total });
  return {
    url_id: url.id,
    product_id: url.productId,
    name: url.name,
    url: url.url,
    total,
    retention_days: retentionDays,
    table_limit: HISTORY_TABLE_LIMIT,
    entries: table.rows satisfies TUrlHistoryEntry[],
  };
}
