import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { getProductOrThrow } from "@/lib/products/get-product-or-throw";
import { getRetentionCutoff } from "./get-retention-cutoff";
import { listOwnedUrls } from "./list-owned-urls";
import { toCents } from "./money";
import { RANGE_DAYS, type THistoryRange } from "./schemas";

/** [epoch milliseconds, price in cents | null]; null breaks the line (unavailable, no price, failed scrape). */
export type TChartPoint = [number, number | null];

type BucketRow = {
  url_id: string;
  t_first: Date | string;
  p_first: string | null;
  t_last: Date | string;
  p_last: string | null;
  t_min: Date | string | null;
  p_min: string | null;
  t_max: Date | string | null;
  p_max: string | null;
  t_null: Date | string | null;
};

type BeforeRow = { url_id: string; price: string | null };

const ms = (d: Date | string) => (d instanceof Date ? d.getTime() : new Date(d).getTime());

/** First, min, max, gap and last point of a bucket in time order: the step shape survives downsampling. */
function bucketPoints(row: BucketRow): TChartPoint[] {
  const candidates: TChartPoint[] = [[ms(row.t_first), toCents(row.p_first)]];
  if (row.t_min && row.p_min !== null) candidates.push([ms(row.t_min), toCents(row.p_min)]);
  if (row.t_max && row.p_max !== null) candidates.push([ms(row.t_max), toCents(row.p_max)]);
  if (row.t_null) candidates.push([ms(row.t_null), null]);
  candidates.push([ms(row.t_last), toCents(row.p_last)]);
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
      sql`select min(created_at) as t from price_history
           where url_id in (${ids}) ${cutoff ? sql`and created_at >= ${cutoff.toISOString()}::timestamptz` : sql``}`,
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
      select src.*, least(floor(extract(epoch from (created_at - ${fromIso}::timestamptz)) / ${bucketSeconds}::float8)::int, ${buckets - 1}) as bucket
        from src
    )
    select url_id,
           (array_agg(created_at order by created_at, id))[1] as t_first,
           (array_agg(price order by created_at, id))[1] as p_first,
           (array_agg(created_at order by created_at desc, id desc))[1] as t_last,
           (array_agg(price order by created_at desc, id desc))[1] as p_last,
           min(price) as p_min,
           (array_agg(created_at order by price asc nulls last, created_at))[1] as t_min,
           max(price) as p_max,
           (array_agg(created_at order by price desc nulls last, created_at))[1] as t_max,
           min(created_at) filter (where price is null) as t_null
      from b
     group by url_id, bucket
     order by url_id, bucket`,
  );
  // the value in force when the range starts, so each line begins at the left edge
  const before = await queryRows<BeforeRow>(
    db,
    sql`
    select distinct on (url_id) url_id, case when available then price end as price
      from price_history
     where url_id in (${ids}) and created_at < ${fromIso}::timestamptz
       ${cutoff ? sql`and created_at >= ${cutoff.toISOString()}::timestamptz` : sql``}
     order by url_id, created_at desc, id desc`,
  );

  const byUrl = new Map<string, TChartPoint[]>();
  for (const b of before) {
    const cents = toCents(b.price);
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
