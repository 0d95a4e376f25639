import { and, desc, eq, gte, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { priceHistory } from "@/db/schema";
import { getRetentionCutoff } from "@/lib/history/get-retention-cutoff";
import { getProductUrlOrThrow } from "@/lib/products/get-product-url-or-throw";

/**
 * The price history of one of the owner's URLs, newest first, as SPEC.md §3 shows it (price in euros as a
 * number, null when the page showed none). Entries older than the plan's retention are never shown.
 */
export async function getUrlHistory(userId: string, urlId: string, limit?: number) {
  const db = await getDb();
  await getProductUrlOrThrow(userId, urlId, undefined, db);
  const { cutoff } = await getRetentionCutoff(userId, db);
  const where: SQL[] = [eq(priceHistory.urlId, urlId)];
  if (cutoff) where.push(gte(priceHistory.createdAt, cutoff));
  const rows = await db
    .select()
    .from(priceHistory)
    .where(and(...where))
    .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id))
    .limit(limit ?? 10_000);
  return rows.map((r) => ({
    id: r.id,
    price: r.price === null ? null : Number(r.price),
    currency: r.currency,
    availability: r.available,
    created_at: r.createdAt.toISOString(),
  }));
}
