import { and, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { catalogFeedRuns, catalogFeeds } from "@/db/schema";
import { getFeedOrThrow } from "./get-feed-or-throw";
import { presentFeed, presentFeedRun } from "./present-feed";

const { fileTable: _table, ...FEED_COLUMNS } = getTableColumns(catalogFeeds);

/** GET /api/feeds: the workspace's feeds, newest first, each with its last run. */
export async function listFeeds(workspaceId: string) {
  const db = await getDb();
  const feeds = await db
    .select(FEED_COLUMNS)
    .from(catalogFeeds)
    .where(eq(catalogFeeds.workspaceId, workspaceId))
    .orderBy(desc(catalogFeeds.createdAt))
    .limit(200);
  const ids = feeds.map((f) => f.id);
  const last =
    ids.length === 0
      ? []
      : await db
          .selectDistinctOn([catalogFeedRuns.feedId])
          .from(catalogFeedRuns)
          .where(and(eq(catalogFeedRuns.workspaceId, workspaceId), inArray(catalogFeedRuns.feedId, ids)))
          .orderBy(catalogFeedRuns.feedId, desc(catalogFeedRuns.createdAt));
  const byFeed = new Map(last.map((r) => [r.feedId, r]));
  return feeds.map((f) => presentFeed({ ...f, fileTable: null }, byFeed.get(f.id) ?? null));
}

/** GET /api/feeds/{id}: the feed, a few rows of its source to check the mapping against, its last 20 runs. */
export async function getFeed(workspaceId: string, feedId: string) {
  const feed = await getFeedOrThrow(workspaceId, feedId);
  const db = await getDb();
  const runs = await db
    .select()
    .from(catalogFeedRuns)
    .where(and(eq(catalogFeedRuns.workspaceId, workspaceId), eq(catalogFeedRuns.feedId, feedId)))
    .orderBy(desc(catalogFeedRuns.createdAt), sql`${catalogFeedRuns.id} desc`)
    .limit(20);
  return {
    ...presentFeed(feed, runs[0] ?? null),
    sample: feed.fileTable?.rows.slice(0, 3).map((r) => r.cells) ?? [],
    runs: runs.map(presentFeedRun),
  };
}
