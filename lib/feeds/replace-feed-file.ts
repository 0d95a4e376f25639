import { and, eq, sql } from "drizzle-orm";
import type { DbTx } from "@/db";
import { catalogFeeds, FEED_FIELDS } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { AppError } from "@/lib/errors/app-error";
import { readImportUpload } from "@/lib/products";
import { detectFormat, proposeMapping } from "./formats";
import { getFeedOrThrow } from "./get-feed-or-throw";
import { FEED_MSG } from "./messages";
import { MAX_FEED_BYTES, readFeedSource } from "./read-feed-source";

/**
 * Reads a new version of a file feed's file (multipart `file`) by the first upload's rules: size cap, CSV/TSV/
 * XLSX/XML only, XLSX archive checked against zip bombs. Nothing is written yet: `saveFeedFile` does.
 */
export async function readFeedFile(workspaceId: string, feedId: string, req: Request) {
  const feed = await getFeedOrThrow(workspaceId, feedId);
  if (feed.source !== "file") throw new AppError("validation_error", { detail: FEED_MSG.notFileFeed });
  const form = await readImportUpload(req, MAX_FEED_BYTES, FEED_MSG.tooLarge);
  return { feed, name: form.name, source: await readFeedSource(form.bytes, form.name) };
}

/**
 * The new file replaces the feed's, in the caller's transaction (which then starts its run). The user's mapping
 * is kept while every column it names is still in the file; otherwise the format and mapping are proposed again.
 */
export async function saveFeedFile(tx: DbTx, workspaceId: string, read: Awaited<ReturnType<typeof readFeedFile>>) {
  const { feed, source } = read;
  const header = source.table.header;
  const fits =
    feed.mapping !== null && FEED_FIELDS.every((f) => !feed.mapping![f] || header.includes(feed.mapping![f]));
  const format = fits && feed.format ? feed.format : detectFormat(header, source.isXml);
  const [row] = await tx
    .update(catalogFeeds)
    .set({
      fileName: read.name.slice(0, 255),
      fileTable: source.table,
      header,
      format,
      mapping: fits ? feed.mapping : proposeMapping(format, header),
      updatedAt: sql`now()`,
    })
    .where(and(eq(catalogFeeds.id, feed.id), eq(catalogFeeds.workspaceId, workspaceId)))
    .returning({ id: catalogFeeds.id });
  if (!row) throw new AppError("feed_not_found");
  await recordAudit(
    tx,
    workspaceId,
    "feed.file_replaced",
    { type: "feed", id: feed.id },
    { name: feed.name, file: read.name.slice(0, 255), rows: source.table.rows.length },
  );
}
