import { and, count, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls, products } from "@/db/schema";

/** Dashboard statistics: the user's products and the URLs being tracked (not paused). */
export async function getUserStats(workspaceId: string) {
  const db = await getDb();
  const [p] = await db.select({ n: count() }).from(products).where(eq(products.workspaceId, workspaceId));
  const [u] = await db
    .select({ n: count() })
    .from(productUrls)
    .where(and(eq(productUrls.workspaceId, workspaceId), eq(productUrls.paused, false)));
  return { products: p?.n ?? 0, active_urls: u?.n ?? 0 };
}
