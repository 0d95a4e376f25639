import { sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";
import { toCents } from "@/lib/history/money";
import type { TExportRow, TExportUrl } from "./export-rows";

type Row = {
  id: string | number;
  ts: string;
  price: string | null;
  currency: string | null;
  available: boolean;
  created_at: Date | string;
};

export const EXPORT_BATCH_SIZE = 5000;

/**
 * Every retained reading of the given URLs, URL by URL and newest first, read by keyset pagination on
 * (created_at, id) in batches: never the whole history in memory, whatever its size.
 */
export async function* iterateHistoryRows(
  db: DbLike,
  urls: TExportUrl[],
  cutoff: Date | null,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<TExportRow> {
  const cutoffSql = cutoff ? sql`and created_at >= ${cutoff.toISOString()}::timestamptz` : sql``;
  for (const url of urls) {
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const keyset: ReturnType<typeof sql> = after
        ? sql`and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::bigint)`
        : sql``;
      const rows: Row[] = await queryRows<Row>(
        db,
        sql`select id, created_at::text as ts, price, currency, available, created_at
              from price_history
             where url_id = ${url.id}::uuid ${cutoffSql} ${keyset}
             order by created_at desc, id desc
             limit ${batchSize}`,
      );
      for (const r of rows) {
        yield {
          product: url.product,
          source: url.name,
          url: url.url,
          cents: toCents(r.price),
          currency: r.currency?.trim() || null,
          available: r.available,
          createdAt: new Date(r.created_at),
        };
      }
      if (rows.length < batchSize) break;
      const last = rows[rows.length - 1]!;
      // the keyset keeps the database's microseconds (a JS Date would round them and skip equal timestamps)
      after = { createdAt: last.ts, id: String(last.id) };
    }
  }
}
