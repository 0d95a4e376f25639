import { and, eq } from "drizzle-orm";
import { type DbLike, getDb } from "@/db";
import { catalogFeeds } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

/** The workspace's feed; another workspace's is the same 404 as a missing one. */
export async function getFeedOrThrow(workspaceId: string, feedId: string, db?: DbLike) {
  const conn = db ?? (await getDb());
  const [feed] = await conn
    .select()
    .from(catalogFeeds)
    .where(and(eq(catalogFeeds.id, feedId), eq(catalogFeeds.workspaceId, workspaceId)));
  if (!feed) throw new AppError("feed_not_found");
  return feed;
}
