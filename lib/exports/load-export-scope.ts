import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { products, productUrls } from "@/db/schema";
import { getRetentionCutoff, getOwnedProductUrls } from "@/lib/history";
import { rateLimit } from "@/lib/core/rate-limit";
import type { TExportUrl } from "./export-rows";

/**
 * What an export may read: the owner's product (or all their products when productId is null), its URLs
 * and the plan's retention cut-off. Runs before any byte is streamed, so a foreign product is a clean 404.
 */
export async function loadExportScope(workspaceId: string, productId: string | null) {
  // an export reads the whole retained history: at most 30 a minute per user
  await rateLimit(`export:${workspaceId}`, 30, 60_000);
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db);
  if (productId !== null) {
    const { product, urls } = await getOwnedProductUrls(db, workspaceId, productId);
    return { db, cutoff, productName: product.name, urls: urls satisfies TExportUrl[] };
  }
  const rows = await db
    .select({ id: productUrls.id, name: productUrls.name, url: productUrls.url, product: products.name })
    .from(productUrls)
    .innerJoin(products, and(eq(products.id, productUrls.productId), eq(products.workspaceId, workspaceId)))
    .where(eq(productUrls.workspaceId, workspaceId))
    .orderBy(asc(products.name), asc(products.id), asc(productUrls.name), asc(productUrls.id));
  return { db, cutoff, productName: null, urls: rows satisfies TExportUrl[] };
}
