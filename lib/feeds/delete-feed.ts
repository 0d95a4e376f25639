import { and, eq } from "drizzle-orm";
import { catalogFeeds } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { AppError } from "@/lib/errors/app-error";
import { inTransaction } from "@/lib/jobs";

/** DELETE /api/feeds/{id}: the feed, its runs and their reports; the products it created stay. */
export async function deleteFeed(workspaceId: string, feedId: string) {
  await inTransaction(async (tx) => {
    const [row] = await tx
      .delete(catalogFeeds)
      .where(and(eq(catalogFeeds.id, feedId), eq(catalogFeeds.workspaceId, workspaceId)))
      .returning({ id: catalogFeeds.id, name: catalogFeeds.name });
    if (!row) throw new AppError("feed_not_found");
    await recordAudit(tx, workspaceId, "feed.deleted", { type: "feed", id: row.id }, { name: row.name });
  });
}
