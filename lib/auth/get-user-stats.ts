import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { workspaceCounts } from "@/db/schema";

/**
 * Dashboard statistics: the workspace's products and the URLs being tracked (not paused), one primary-key read
 * of the counts its triggers keep (db/schema/workspace-counts.ts), the same cost at any catalogue size.
 */
export async function getUserStats(workspaceId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ products: workspaceCounts.products, active_urls: workspaceCounts.activeUrls })
    .from(workspaceCounts)
    .where(eq(workspaceCounts.workspaceId, workspaceId));
  return { products: row?.products ?? 0, active_urls: row?.active_urls ?? 0 };
}
