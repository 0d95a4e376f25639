import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";

/**
 * Dashboard statistics: the user's products and the URLs being tracked (not paused), in one statement of two
 * index-only counts (product_urls_workspace_active_idx holds only the tracked URLs).
 */
export async function getUserStats(workspaceId: string) {
  const db = await getDb();
  const [row] = await queryRows<{ products: string | number; active_urls: string | number }>(
    db,
    sql`select (select count(*) from products where workspace_id = ${workspaceId}) as products,
               (select count(*) from product_urls where workspace_id = ${workspaceId} and paused = false)
                 as active_urls`,
  );
  return { products: Number(row?.products ?? 0), active_urls: Number(row?.active_urls ?? 0) };
}
