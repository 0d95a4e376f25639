import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { parisDay, parisMidnight } from "@/lib/core/paris-wall-clock";
import {
  appendPoint,
  bucketDay,
  bucketOutOfStock,
  bucketPoints,
  bucketRegular,
  type TBucketRow,
  type TChartDay,
  type TChartPoint,
} from "./chart-buckets";
import { getLatestReadings } from "./get-latest-readings";
import { getOwnedProductUrls } from "./get-owned-product-urls";
import { getRetentionCutoff } from "./get-retention-cutoff";
import { toCents } from "@/lib/core/money";
import { RANGE_DAYS, type THistoryRange } from "./schemas";

export type { TChartPoint } from "./chart-buckets";

const DAY = 86_400_000;
/** Up to this span the chart reads the readings themselves (bounded by the span); beyond, the daily rollup. */
const RAW_SPAN_MS = 8 * DAY;
/**
 * "all" spans the whole history: beyond this many days its buckets group whole days (a week each at a year,
 * about two months at ten years), so its answer does not grow with the history. The other ranges are
 * bounded by their own span.
 */
const ALL_MAX_BUCKETS = 60;

const ms = (d: Date | string) => (d instanceof Date ? d.getTime() : new Date(d).getTime());

/**
 * Price series of every URL of the owner's product for the chart, within the range and the plan's retention,
 * with the crossed-out price line, my price ('mon prix') and the minimum advertised price, in cents. Up to 8
 * days every reading (failed scrapes and unavailable readings are gaps); beyond, it buckets price_daily, starting
 * at a Europe/Paris midnight, so its cost depends on the span in days, never on the number of readings: at most
 * ~4 points (first, min, max, last) per bucket, `buckets` buckets at most (ALL_MAX_BUCKETS for "all").
 */
export async function getProductHistory(workspaceId: string, productId: string, range: THistoryRange, buckets = 800) {
  const db = await getDb();
  const [{ product, urls }, { cutoff, retentionDays }] = await Promise.all([
    getOwnedProductUrls(db, workspaceId, productId),
    getRetentionCutoff(workspaceId, db),
  ]);
  const now = new Date();
  const days = RANGE_DAYS[range];
  let from: Date | null = days === null ? null : new Date(now.getTime() - days * DAY);
  if (from && cutoff && from < cutoff) from = cutoff;
  const base = {
    product_id: product.id,
    range,
    to: now.toISOString(),
    retention_days: retentionDays,
    reference_price: toCents(product.referencePrice),
    min_advertised_price: toCents(product.minAdvertisedPrice),
  };
  if (urls.length === 0) return { ...base, from: (from ?? now).toISOString(), grain: "reading" as const, series: [] };
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
  const daily = now.getTime() - from.getTime() > RAW_SPAN_MS;
  let start: Date = from;
  if (daily) {
    start = parisMidnight(from);
    if (cutoff && start < cutoff) start = parisMidnight(new Date(start.getTime() + 1.5 * DAY));
  }
  const dayBuckets = range === "all" ? Math.min(buckets, ALL_MAX_BUCKETS) : buckets;
  const rows = daily
    ? await dailyBuckets(db, ids, parisDay(start), parisDay(now), dayBuckets)
    : await readingRows(db, ids, start, now);
  // the value in force when the range starts, so each line begins at the left edge
  const before = await getLatestReadings(
    db,
    urls.map((u) => u.id),
    { cutoff, before: start },
  );
  const points = new Map<string, TChartPoint[]>();
  const regular = new Map<string, TChartPoint[]>();
  const outOfStock = new Map<string, [number, number][]>();
  const dayRows = new Map<string, TChartDay[]>();
  for (const b of before.values()) {
    const cents = b.available ? toCents(b.price) : null;
    if (cents !== null) points.set(b.url_id, [[start.getTime(), cents]]);
  }
  for (const row of rows) {
    const list = points.get(row.url_id) ?? [];
    for (const point of bucketPoints(row)) appendPoint(list, point);
    points.set(row.url_id, list);
    const line = regular.get(row.url_id) ?? [];
    const r = bucketRegular(row);
    if (r && (line.length === 0 ? r[1] !== null : line[line.length - 1]![1] !== r[1])) appendPoint(line, r);
    regular.set(row.url_id, line);
    if (row.day) {
      const dayStart = Math.max(start.getTime(), parisMidnight(new Date(`${row.day}T12:00:00Z`)).getTime());
      dayRows.set(row.url_id, [...(dayRows.get(row.url_id) ?? []), bucketDay(row, dayStart)]);
    }
    const oos = bucketOutOfStock(row);
    if (oos) outOfStock.set(row.url_id, [...(outOfStock.get(row.url_id) ?? []), oos]);
  }
  return {
    ...base,
    from: start.toISOString(),
    grain: daily ? ("day" as const) : ("reading" as const),
    series: urls.map((u) => ({
      url_id: u.id,
      name: u.name,
      url: u.url,
      points: points.get(u.id) ?? [],
      /** The crossed-out price where the page showed one; null points end its line. Empty when never shown. */
      regular: regular.get(u.id) ?? [],
      /** Prices shown while out of stock (readings up to 8 days), drawn apart from the line. */
      out_of_stock: outOfStock.get(u.id) ?? [],
      /** grain "day": one entry per bucket of days with readings, [Paris midnight, low, high, close] in cents. */
      days: dayRows.get(u.id) ?? [],
    })),
  };
}

type TDb = Awaited<ReturnType<typeof getDb>>;

/**
 * Every reading (and failed scrape, as a gap) between `start` and `now`, one row each in the bucket shape: the
 * span is at most RAW_SPAN_MS, so the answer is bounded by it and no reading is left out of the short ranges.
 */
function readingRows(db: TDb, ids: ReturnType<typeof sql.join>, start: Date, now: Date) {
  const fromIso = start.toISOString();
  const nowIso = now.toISOString();
  return queryRows<TBucketRow>(
    db,
    sql`
    with src as (
      select url_id, created_at, id, case when available then price end as price,
             case when available then regular_price end as regular,
             case when not available then price end as oos
        from price_history
       where url_id in (${ids}) and created_at >= ${fromIso}::timestamptz and created_at <= ${nowIso}::timestamptz
         and corrected_by is null
      union all
      select url_id, coalesce(finished_at, updated_at), 0, null, null, null
        from scrape_tasks
       where url_id in (${ids}) and status = 'failed'
         and coalesce(finished_at, updated_at) >= ${fromIso}::timestamptz
         and coalesce(finished_at, updated_at) <= ${nowIso}::timestamptz
    ), b as (
      select url_id, id, price, regular, oos, floor(extract(epoch from created_at) * 1000) as t from src
    )
    select url_id,
           array[t, id::numeric, price] as f,
           array[t, id::numeric, price] as l,
           null as lo,
           null as hi,
           case when price is null then t end as t_null,
           case when id > 0 then array[t, id::numeric, regular] end as r,
           oos
      from b
     order by url_id, t, id`,
  );
}

/**
 * Buckets of price_daily rows from the Europe/Paris day `fromDay` to `toDay`: whole days per bucket, at most
 * `buckets` of them; a day ending unavailable is a gap after its last reading. Per day row only scalar
 * aggregates and the two extremes; the bucket's first and last days are read back by primary key.
 */
function dailyBuckets(db: TDb, ids: ReturnType<typeof sql.join>, fromDay: string, toDay: string, buckets: number) {
  const epochMs = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)`);
  return queryRows<TBucketRow>(
    db,
    sql`
    with p as (
      select ${fromDay}::date as d0, (${toDay}::date - ${fromDay}::date + 1) as span
    ), k as (
      select d.url_id, ((d.day - p.d0) * least(${buckets}, p.span) / p.span) as bucket,
             min(d.day) as d_first, max(d.day) as d_last,
             min(array[d.min_price, ${epochMs("d.min_at")}]) filter (where d.min_price is not null) as lo,
             max(array[d.max_price, -${epochMs("d.max_at")}]) filter (where d.max_price is not null) as hi,
             min(d.last_at) filter (where d.last_price is null) as t_null
        from price_daily d, p
       where d.url_id in (${ids}) and d.day >= p.d0 and d.day <= ${toDay}::date
       group by 1, 2
    )
    select k.url_id,
           array[${epochMs("f.first_at")}, f.first_id::numeric, f.first_price] as f,
           array[${epochMs("l.last_at")}, l.last_id::numeric, l.last_price] as l,
           k.lo, k.hi, ${epochMs("k.t_null")} as t_null, k.d_first::text as day,
           array[${epochMs("l.last_at")}, l.last_id::numeric, l.last_regular_price] as r
      from k
      join price_daily f on f.url_id = k.url_id and f.day = k.d_first
      join price_daily l on l.url_id = k.url_id and l.day = k.d_last
     order by k.url_id, k.bucket`,
  );
}
