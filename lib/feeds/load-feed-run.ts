import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import {
  catalogFeedRunRows,
  catalogFeedRuns,
  catalogFeeds,
  FEED_FIELDS,
  type TFeedRow,
  type TFeedTable,
} from "@/db/schema";
import { fetchFeed } from "./fetch-feed";
import { detectFormat, FIELD_LABELS, proposeMapping } from "./formats";
import { mapFeedRows } from "./map-feed-rows";
import { FEED_MSG, feedError } from "./messages";
import { readFeedSource } from "./read-feed-source";
import { validateFeedRow } from "./validate-feed-row";

/** Rows written per statement while loading: each its own short transaction. */
const LOAD_CHUNK = 1000;

type TRunRow = typeof catalogFeedRunRows.$inferInsert;

/**
 * The rows of the run checked once for what needs no database: a row that fails validation, or repeats a SKU
 * met on an earlier line of the file, is 'invalid' with its French reason; the others are left to the batches.
 */
function checkRows(runId: string, workspaceId: string, rows: TFeedRow[]): TRunRow[] {
  const firstLine = new Map<string, number>();
  return rows.map((row, idx) => {
    const checked = validateFeedRow(row);
    const base = { runId, workspaceId, idx, line: row.line, sku: row.sku.slice(0, 200) || null };
    const name = row.name.slice(0, 300) || null;
    if (!checked.ok) return { ...base, name, outcome: "invalid", reason: checked.reason };
    const sku = checked.data.identity.sku;
    const first = firstLine.get(sku);
    if (first !== undefined) return { ...base, sku, name, outcome: "invalid", reason: FEED_MSG.duplicateSku(first) };
    firstLine.set(sku, row.line);
    return { ...base, sku, name, data: row };
  });
}

/**
 * The run's first step: reads the source (the URL through the SSRF guard, or the file kept on the feed), applies
 * the feed's mapping (proposed from the header when the feed has none yet) and writes the run's rows. Done once:
 * a retry after a failure part-way starts the rows over. A source that cannot be read throws the run's error.
 */
export async function loadFeedRun(runId: string): Promise<boolean> {
  const db = await getDb();
  const [run] = await db.select().from(catalogFeedRuns).where(eq(catalogFeedRuns.id, runId));
  if (!run || run.status === "done" || run.status === "failed") return false;
  if (run.loaded) return true;
  const [feed] = await db
    .select()
    .from(catalogFeeds)
    .where(and(eq(catalogFeeds.id, run.feedId), eq(catalogFeeds.workspaceId, run.workspaceId)));
  if (!feed) return false;
  let table: TFeedTable;
  let isXml = feed.format === "google_xml";
  if (feed.source === "url") {
    const fetched = await fetchFeed(feed.url ?? "");
    ({ table, isXml } = await readFeedSource(fetched.bytes, fetched.name, fetched.charset));
  } else {
    table = feed.fileTable ?? { header: [], rows: [] };
  }
  const format = feed.format ?? detectFormat(table.header, isXml);
  const mapping = feed.mapping ?? proposeMapping(format, table.header);
  if (!mapping.sku || !mapping.name) throw feedError(FEED_MSG.mappingRequired);
  for (const field of FEED_FIELDS) {
    const column = mapping[field];
    if (column && !table.header.includes(column))
      throw feedError(FEED_MSG.missingColumn(FIELD_LABELS[field].toLowerCase(), column));
  }
  const rows = checkRows(run.id, run.workspaceId, mapFeedRows(table, format, mapping));

  await db.delete(catalogFeedRunRows).where(eq(catalogFeedRunRows.runId, runId));
  for (let i = 0; i < rows.length; i += LOAD_CHUNK) {
    await db.insert(catalogFeedRunRows).values(rows.slice(i, i + LOAD_CHUNK));
    // other requests (on the embedded database's single connection too) get their turn
    await new Promise((resolve) => setImmediate(resolve));
  }
  const invalid = rows.filter((r) => r.outcome === "invalid").length;
  await db
    .update(catalogFeeds)
    .set({ header: table.header, format, mapping, updatedAt: sql`now()` })
    .where(eq(catalogFeeds.id, feed.id));
  await db
    .update(catalogFeedRuns)
    .set({
      loaded: 1,
      status: "running",
      total: rows.length,
      counts: { new: 0, changed: 0, unchanged: 0, gone: 0, invalid, over_limit: 0 },
      updatedAt: sql`now()`,
    })
    .where(eq(catalogFeedRuns.id, runId));
  return true;
}
