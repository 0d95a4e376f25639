import { type SQL, sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";

export type TLatestReading = {
  url_id: string;
  id: number;
  price: string | null;
  currency: string | null;
  available: boolean;
  created_at: Date;
};

/** The latest_* copy a product_urls row carries (kept with each insert), null when the URL was never read. */
export function latestOfUrlRow(row: {
  id: string;
  latestReadingId: number | null;
  latestPrice: string | null;
  latestCurrency: string | null;
  latestAvailable: boolean | null;
  latestAt: Date | null;
}): TLatestReading | null {
  if (row.latestReadingId === null || row.latestAt === null) return null;
  return {
    url_id: row.id,
    id: row.latestReadingId,
    price: row.latestPrice,
    currency: row.latestCurrency,
    available: row.latestAvailable ?? false,
    created_at: row.latestAt,
  };
}

type Row = Omit<TLatestReading, "created_at" | "id"> & { id: number | string; created_at: Date | string };

/**
 * The latest reading of each URL (newest `created_at`, then `id`), optionally at or after `cutoff` (retention)
 * and strictly before `before`. Without `before` it is product_urls' latest_* copy (one primary-key probe per
 * URL; a latest reading older than the cutoff means none in range); with `before`, one probe per URL of
 * price_history_url_latest_idx, which matches the order exactly. URLs never read are absent from the map.
 */
export async function getLatestReadings(
  db: DbLike,
  urlIds: readonly string[],
  range: { cutoff?: Date | null; before?: Date | null } = {},
): Promise<Map<string, TLatestReading>> {
  const latest = new Map<string, TLatestReading>();
  if (urlIds.length === 0) return latest;
  // one array parameter, not one parameter per URL: a 1,000-URL catalogue is one short statement
  const ids = sql`${`{${[...new Set(urlIds)].join(",")}}`}::uuid[]`;
  const cutoff = range.cutoff ? sql`and u.latest_at >= ${range.cutoff.toISOString()}::timestamptz` : sql``;
  const rows = range.before
    ? await readBefore(db, ids, range.cutoff ?? null, range.before)
    : await queryRows<Row>(
        db,
        sql`select u.id as url_id, u.latest_reading_id as id, u.latest_price as price, u.latest_currency as currency,
                   u.latest_available as available, u.latest_at as created_at
              from product_urls u
             where u.id = any(${ids}) and u.latest_reading_id is not null ${cutoff}`,
      );
  for (const r of rows) {
    latest.set(r.url_id, { ...r, id: Number(r.id), created_at: new Date(r.created_at) });
  }
  return latest;
}

function readBefore(db: DbLike, ids: SQL, cutoff: Date | null, before: Date) {
  return queryRows<Row>(
    db,
    sql`select u.id as url_id, r.id, r.price, r.currency, r.available, r.created_at
          from unnest(${ids}) as u(id)
          cross join lateral (
            select h.id, h.price, h.currency, h.available, h.created_at
              from price_history h
             where h.url_id = u.id
               ${cutoff ? sql`and h.created_at >= ${cutoff.toISOString()}::timestamptz` : sql``}
               and h.created_at < ${before.toISOString()}::timestamptz
             order by h.created_at desc, h.id desc
             limit 1
          ) r`,
  );
}
