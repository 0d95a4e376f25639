import { type SQL, sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";
import { toCents } from "@/lib/core/money";
import { sellerOf, totalWithShipping } from "@/lib/history";
import { inChunks, type TExportRow, type TExportUrl, type TExportUrls } from "./export-rows";

type Row = {
  id: string | number;
  ts: string;
  price: string | null;
  currency: string | null;
  available: boolean;
  created_at: Date | string;
  shipping: string | null;
  offers: unknown;
};

export const EXPORT_BATCH_SIZE = 5000;
// URLs read together by one statement, and the newest readings taken for each of them there: a catalogue of
// many short histories costs one statement per URLS_PER_STATEMENT URLs, not one per URL
const URLS_PER_STATEMENT = 100;
const HEAD_ROWS = 50;

/**
 * Every retained reading of the given URLs, URL by URL (in the given order) and newest first, read by keyset
 * pagination on (created_at, id) in batches: never the whole history in memory, whatever its size.
 */
export async function* iterateHistoryRows(
  db: DbLike,
  urls: TExportUrls,
  cutoff: Date | null,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<TExportRow> {
  const cutoffSql = cutoff ? sql`and created_at >= ${cutoff.toISOString()}::timestamptz` : sql``;
  const head = Math.min(HEAD_ROWS, batchSize);
  for await (const chunk of inChunks(urls, URLS_PER_STATEMENT)) {
    const heads = await readHeads(db, chunk, cutoffSql, head);
    for (const [index, url] of chunk.entries()) {
      const rows = heads.get(index + 1) ?? [];
      for (const r of rows) yield toExportRow(url, r);
      // a full head may have more behind it: the rest of this URL, batch by batch
      if (rows.length === head) yield* iterateUrlRows(db, url, cutoffSql, batchSize, rows[rows.length - 1]!);
    }
  }
}

/** The newest `limit` readings of each URL of the chunk, by its position in the chunk (1-based). */
async function readHeads(db: DbLike, chunk: TExportUrl[], cutoffSql: SQL, limit: number) {
  const ids = sql.join(
    chunk.map((u) => sql`${u.id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<Row & { ord: string | number }>(
    db,
    sql`select u.ord, h.id, h.created_at::text as ts, h.price, h.currency, h.available, h.created_at, h.shipping,
               h.offers
          from unnest(array[${ids}]) with ordinality as u(url_id, ord)
          cross join lateral (
            select id, created_at, price, currency, available, shipping, offers
              from price_history
             where url_id = u.url_id ${cutoffSql}
             order by created_at desc, id desc
             limit ${limit}
          ) h
         order by u.ord, h.created_at desc, h.id desc`,
  );
  const byOrd = new Map<number, Row[]>();
  for (const r of rows) {
    const ord = Number(r.ord);
    const list = byOrd.get(ord) ?? [];
    list.push(r);
    byOrd.set(ord, list);
  }
  return byOrd;
}

/** One URL's readings older than `last`, batch by batch. */
async function* iterateUrlRows(
  db: DbLike,
  url: TExportUrl,
  cutoffSql: SQL,
  batchSize: number,
  last: Row,
): AsyncGenerator<TExportRow> {
  // the keyset keeps the database's microseconds (a JS Date would round them and skip equal timestamps)
  let after = { createdAt: last.ts, id: String(last.id) };
  for (;;) {
    const rows: Row[] = await queryRows<Row>(
      db,
      sql`select id, created_at::text as ts, price, currency, available, created_at, shipping, offers
            from price_history
           where url_id = ${url.id}::uuid ${cutoffSql}
             and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::bigint)
           order by created_at desc, id desc
           limit ${batchSize}`,
    );
    for (const r of rows) yield toExportRow(url, r);
    if (rows.length < batchSize) return;
    const end = rows[rows.length - 1]!;
    after = { createdAt: end.ts, id: String(end.id) };
  }
}

function toExportRow(url: TExportUrl, r: Row): TExportRow {
  return {
    product: url.product,
    source: url.name,
    url: url.url,
    cents: toCents(r.price),
    currency: r.currency?.trim() || null,
    available: r.available,
    createdAt: new Date(r.created_at),
    seller: sellerOf(r.offers, r.price),
    total: totalWithShipping(r.price, r.shipping),
  };
}
