import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { getProductOrThrow } from "@/lib/products/get-product-or-throw";
import { getLatestReadings } from "./get-latest-readings";
import { getRetentionCutoff } from "./get-retention-cutoff";
import { listOwnedUrls } from "./list-owned-urls";
import { toCents } from "./money";
import { RANGE_DAYS, type THistoryRange } from "./schemas";

/** [epoch milliseconds, price in cents | null]; null breaks the line (unavailable, no price, failed scrape). */
export type TChartPoint = [number, number | null];

type TNum = string | number;
/** Aggregates over arrays, so no bucket needs a sort: [t, id, price] for first / last, [price, ±t] for min / max. */
type BucketRow = {
  url_id: string;
  f: TNum[] | string;
  l: TNum[] | string;
  lo: TNum[] | string | null;
  hi: TNum[] | string | null;
  t_null: TNum | null;
};

const ms = (d: Date | string) => (d instanceof Date ? d.getTime() : new Date(d).getTime());

/** A numeric[] as the driver gives it: parsed, or as its '{1,2,NULL}' text. */
function items(value: TNum[] | string): (TNum | null)[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .map((v) => (v === "NULL" ? null : v));
}

/** First, min, max, gap and last point of a bucket in time order: the step shape survives downsampling. */
function bucketPoints(row: BucketRow): TChartPoint[] {
  const [tFirst, , pFirst] = items(row.f);
  const [tLast, , pLast] = items(row.l);
  const candidates: TChartPoint[] = [[Number(tFirst), toCents(pFirst)]];
  if (row.lo) {
    const [price, t] = items(row.lo);
    candidates.push([Number(t), toCents(price)]);
  }
  if (row.hi) {
    const [price, t] = items(row.hi);
    candidates.push([-Number(t), toCents(price)]);
  }
  if (row.t_null !== null) candidates.push([Number(row.t_null), null]);
  candidates.push([Number(tLast), toCents(pLast)]);
  candidates.sort((a, b) => a[0] - b[0]);
  const out: TChartPoint[] = [];
  for (const point of candidates) {
    const last = out[out.length - 1];
    if (last && last[0] === point[0]) {
      if (point[1] === null) last[1] = null;
      continue;
    }
    out.push(point);
  }
  return out;
}

/**
 * Price series of every URL of the owner's product for the chart, within the range and the plan's retention,
 * downsampled in the database to at most ~4 points per bucket (first, min, max, last) so 10 URLs × 10,000
 * readings stay light. Failed scrapes and unavailable readings are gaps.
 */
export async function getProductHistory(userId: string, productId: string, range: THistoryRange, buckets = 800) {
  const db = await getDb();
  const product = await getProductOrThrow(userId, productId, db);
  const urls = await listOwnedUrls(db, userId, product.id);
  const { cutoff, retentionDays } = await getRetentionCutoff(userId, db);
  const now = new Date();
  const days = RANGE_DAYS[range];
  let from: Date | null = days === null ? null : new Date(now.getTime() - days * 86_400_000);
  if (from && cutoff && from < cutoff) from = cutoff;
  const base = { product_id: product.id, range, to: now.toISOString(), retention_days: retentionDays };
  if (urls.length === 0) return { ...base, from: (from ?? now).toISOString(), series: [] };

  const ids = sql.join(
    urls.map((u) => sql`${u.id}::uuid`),
    sql`, `,
  );
  if (from === null) {
    // "all": from the oldest retained reading, not from the retention edge
    const [first] = await queryRows<{ t: Date | string | null }>(
      db,
      sql`select min(f.t) as t
            from unnest(array[${ids}]::uuid[]) as u(id)
            cross join lateral (
              select created_at as t from price_history
               where url_id = u.id ${cutoff ? sql`and created_at >= ${cutoff.toISOString()}::timestamptz` : sql``}
               order by created_at, id
               limit 1
            ) f`,
    );
    from = first?.t ? new Date(ms(first.t) - 1) : now;
  }
  const start: Date = from;
  const fromIso = start.toISOString();
  const nowIso = now.toISOString();
  const spanSeconds = Math.max(1, (now.getTime() - start.getTime()) / 1000);
  const bucketSeconds = spanSeconds / buckets;

  const rows = await queryRows<BucketRow>(
    db,
    sql`
    with src as (
      select url_id, created_at, id, case when available then price end as price
        from price_history
       where url_id in (${ids}) and created_at >= ${fromIso}::timestamptz and created_at <= ${nowIso}::timestamptz
      union all
      select url_id, coalesce(finished_at, updated_at), 0, null
        from scrape_tasks
       where url_id in (${ids}) and status = 'failed'
         and coalesce(finished_at, updated_at) >= ${fromIso}::timestamptz
         and coalesce(finished_at, updated_at) <= ${nowIso}::timestamptz
    ), b as (
      select url_id, id, price, floor(extract(epoch from created_at) * 1000) as t,
             least(floor(extract(epoch from (created_at - ${fromIso}::timestamptz)) / ${bucketSeconds}::float8)::int, ${buckets - 1}) as bucket
        from src
    )
    select url_id,
           min(array[t, id::numeric, price]) as f,
           max(array[t, id::numeric, price]) as l,
           min(array[price, t]) filter (where price is not null) as lo,
           max(array[price, -t]) filter (where price is not null) as hi,
           min(t) filter (where price is null) as t_null
      from b
     group by url_id, bucket
     order by url_id, bucket`,
  );
  // the value in force when the range starts, so each line begins at the left edge
  const before = await getLatestReadings(
    db,
    urls.map((u) => u.id),
    { cutoff, before: start },
  );

  const byUrl = new Map<string, TChartPoint[]>();
  for (const b of before.values()) {
    const cents = b.available ? toCents(b.price) : null;
    if (cents !== null) byUrl.set(b.url_id, [[start.getTime(), cents]]);
  }
  for (const row of rows) {
    const list = byUrl.get(row.url_id) ?? [];
    list.push(...bucketPoints(row));
    byUrl.set(row.url_id, list);
  }
  return {
    ...base,
    from: fromIso,
    series: urls.map((u) => ({ url_id: u.id, name: u.name, url: u.url, points: byUrl.get(u.id) ?? [] })),
  };
}
