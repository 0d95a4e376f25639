import { catalogFeeds, type TFeedTable } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { AppError } from "@/lib/errors/app-error";
import { inTransaction } from "@/lib/jobs";
import { readImportUpload } from "@/lib/products";
import { nextFeedRun } from "./feed-schedule";
import { assertFeedUrl, fetchFeed } from "./fetch-feed";
import { detectFormat, proposeMapping } from "./formats";
import { FEED_MSG } from "./messages";
import { presentFeed } from "./present-feed";
import { MAX_FEED_BYTES, readFeedSource } from "./read-feed-source";
import { ZCreateUrlFeed } from "./schemas";

type TSource = { table: TFeedTable; isXml: boolean };

/** The format and mapping proposed for a source just read (the user confirms or adjusts them). */
function proposal(source: TSource) {
  const format = detectFormat(source.table.header, source.isXml);
  return { header: source.table.header, format, mapping: proposeMapping(format, source.table.header) };
}

async function insertFeed(workspaceId: string, values: Omit<typeof catalogFeeds.$inferInsert, "workspaceId">) {
  return inTransaction(async (tx) => {
    const [feed] = await tx
      .insert(catalogFeeds)
      .values({ workspaceId, ...values })
      .returning();
    await recordAudit(
      tx,
      workspaceId,
      "feed.created",
      { type: "feed", id: feed!.id },
      {
        name: feed!.name,
        source: feed!.source,
        ...(feed!.url ? { url: feed!.url } : {}),
      },
    );
    return feed!;
  });
}

/**
 * POST /api/feeds as JSON: a URL feed. The address must pass the SSRF guard; the feed is read once to propose
 * its format and mapping, and a source that cannot be read yet is still recorded (its runs will say why).
 */
export async function createUrlFeed(workspaceId: string, input: unknown) {
  const body = ZCreateUrlFeed.parse(input);
  await assertFeedUrl(body.url);
  const nextRunAt = await nextFeedRun(workspaceId, body.frequency);
  let previewError: string | null = null;
  let preview: ReturnType<typeof proposal> | null = null;
  try {
    const fetched = await fetchFeed(body.url);
    preview = proposal(await readFeedSource(fetched.bytes, fetched.name, fetched.charset));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    previewError = error.detail ?? "Flux illisible";
  }
  const feed = await insertFeed(workspaceId, {
    name: body.name,
    source: "url",
    url: body.url,
    frequency: body.frequency,
    nextRunAt,
    ...(preview ?? {}),
  });
  return presentFeed(feed, null, previewError);
}

/** POST /api/feeds as multipart: a file feed (`file`, `name`), read now; an unreadable file is a French 4xx. */
export async function createFileFeed(workspaceId: string, req: Request) {
  const form = await readImportUpload(req, MAX_FEED_BYTES, FEED_MSG.tooLarge);
  const source = await readFeedSource(form.bytes, form.name);
  const name = (form.fields.name || form.name).trim().slice(0, 100) || "Flux";
  const feed = await insertFeed(workspaceId, {
    name,
    source: "file",
    fileName: form.name.slice(0, 255),
    fileTable: source.table,
    ...proposal(source),
  });
  return presentFeed(feed, null);
}
