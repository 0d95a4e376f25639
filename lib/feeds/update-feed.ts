import { and, eq, sql } from "drizzle-orm";
import { catalogFeeds, FEED_FIELDS, type TFeedMapping } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { inTransaction } from "@/lib/jobs";
import { nextFeedRun } from "./feed-schedule";
import { assertFeedUrl } from "./fetch-feed";
import { proposeMapping } from "./formats";
import { getFeedOrThrow } from "./get-feed-or-throw";
import { FEED_MSG } from "./messages";
import { presentFeed } from "./present-feed";
import { ZUpdateFeed } from "./schemas";

/** A mapping the feed can run: SKU and name given, every column one the source has (when it was read). */
function checkMapping(mapping: TFeedMapping, header: string[]) {
  if (!mapping.sku || !mapping.name) throw new AppError("validation_error", { detail: FEED_MSG.mappingRequired });
  for (const field of FEED_FIELDS) {
    const column = mapping[field];
    if (column && header.length > 0 && !header.includes(column))
      throw new AppError("validation_error", { detail: FEED_MSG.mappingColumn(column) });
  }
}

/** PATCH /api/feeds/{id}: a new format proposes its mapping unless one is given; the mapping is remembered. */
export async function updateFeed(workspaceId: string, feedId: string, input: unknown) {
  const body = ZUpdateFeed.parse(input);
  const feed = await getFeedOrThrow(workspaceId, feedId);
  if (body.url !== undefined && feed.source === "url") await assertFeedUrl(body.url);
  const format = body.format ?? feed.format;
  let mapping = feed.mapping;
  if (body.format && body.format !== feed.format) mapping = proposeMapping(body.format, feed.header);
  if (body.mapping) {
    mapping = Object.fromEntries(FEED_FIELDS.map((f) => [f, body.mapping![f] ?? null])) as TFeedMapping;
    checkMapping(mapping, feed.header);
  }
  const frequency = feed.source === "url" ? (body.frequency ?? feed.frequency) : null;
  const nextRunAt =
    frequency && body.frequency && body.frequency !== feed.frequency
      ? await nextFeedRun(workspaceId, frequency)
      : feed.nextRunAt;
  const updated = await inTransaction(async (tx) => {
    const [row] = await tx
      .update(catalogFeeds)
      .set({
        name: body.name ?? feed.name,
        url: feed.source === "url" ? (body.url ?? feed.url) : null,
        frequency,
        format,
        mapping,
        nextRunAt,
        updatedAt: sql`now()`,
      })
      .where(and(eq(catalogFeeds.id, feedId), eq(catalogFeeds.workspaceId, workspaceId)))
      .returning();
    if (!row) throw new AppError("feed_not_found");
    return row;
  });
  return presentFeed(updated, null);
}
