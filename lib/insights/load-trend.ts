import { type SQL, sql } from "drizzle-orm";
import { type DbLike, queryRows } from "@/db";
import type { TMarketRows } from "./load-positions";
import { MARKET_CURRENCY } from "./market-rules";

/** The overview's trends: the index this many Paris days ago against now. */
export const TREND_DAYS = [7, 30];

type TNum = string | number | null;
const num = (v: TNum | undefined) => (v === null || v === undefined ? 0 : Number(v));

/** One trend's basket: the products with 'mon prix' and a market now and then, their sums in cents. */
export type TTrendBasket = { days: number; products: number; mySum: number; nowSum: number; thenSum: number };

/** The Europe/Paris day of `at`, in SQL. */
export const parisDay = (at: Date) => sql`(${at.toISOString()}::timestamptz at time zone 'Europe/Paris')::date`;

const cutoffOf = (cutoff: Date | null) => sql`${cutoff?.toISOString() ?? null}::timestamptz`;

/**
 * The products of `products` (a query of their `id` and `trend_version`) lacking a market_trend row of `day` for one of `days`
 * that holds under `cutoff` (the workspace's, the product's version, a cutoff no later than this one, no reading
 * counted past it): one join of the workspace's rows of the day, not a probe per product.
 */
export function lackingTrend(products: SQL, workspaceId: string, days: number[], day: SQL, cutoff: Date | null) {
  const at = cutoffOf(cutoff);
  return sql`select p.id from (${products}) p
               left join market_trend c
                      on c.product_id = p.id and c.workspace_id = ${workspaceId} and c.day = ${day}
                     and c.days = any(${`{${days.join(",")}}`}::int[]) and c.version = p.trend_version
                     and (c.cutoff is null or c.cutoff <= ${at})
                     and (${at} is null or c.oldest_at is null or c.oldest_at >= ${at})
              group by p.id
             having count(c.product_id) < ${days.length}`;
}

/** Computes (market_trend_compute, migration trend-tallies) the rows of `ids` for `day` under `cutoff`. */
export const computeTrend = (ids: SQL, days: number[], day: SQL, cutoff: Date | null) =>
  sql`market_trend_compute(array(${ids}), ${day}, ${cutoffOf(cutoff)}, ${`{${days.join(",")}}`}::int[])`;

/**
 * For each of `days` the trend's basket: the products with 'mon prix', a market now and a market average at the
 * end of the Paris day `days` before `now`, with the sums of my prices, of their item-price averages now and
 * then. From the trend tallies once the build-market-trend job has completed the workspace's day (O(trends)
 * rows, the rows a retention cutoff outdates computed again first); else, or under a retention cutoff past the
 * product_market rollup, per request over every product with 'mon prix'. Only sums reach Node.
 */
export async function loadTrend(source: TMarketRows, workspaceId: string, days: number[], now: Date) {
  const kept = source.live ? null : await keptTrend(source.db, workspaceId, source.cutoff, days, parisDay(now));
  return kept ?? (await liveTrend(source, workspaceId, days, parisDay(now)));
}

function baskets(days: number[], rows: Record<string, TNum>[]): TTrendBasket[] {
  const found = new Map(rows.map((t) => [Number(t.days), t]));
  return days.map((d) => {
    const t = found.get(d);
    return {
      days: d,
      products: num(t?.products),
      mySum: num(t?.my_sum),
      nowSum: num(t?.now_sum),
      thenSum: num(t?.then_sum),
    };
  });
}

/** The tallies of a completed day (trend_tallies and the pending deltas), or null. */
export async function keptTrend(db: DbLike, workspaceId: string, cutoff: Date | null, days: number[], day: SQL) {
  const at = cutoffOf(cutoff);
  // the rows the retention cutoff now outdates (the day going by, a longer or shorter plan): index ranges
  const outdated = cutoff
    ? sql`select c.product_id from market_trend c where c.workspace_id = ${workspaceId} and c.day = ${day} and c.cutoff > ${at}
          union select c.product_id from market_trend c where c.workspace_id = ${workspaceId} and c.day = ${day} and c.oldest_at < ${at}`
    : sql`select c.product_id from market_trend c where c.workspace_id = ${workspaceId} and c.day = ${day} and c.cutoff is not null`;
  const built = sql`(select m.days from market_trend_days m where m.workspace_id = ${workspaceId} and m.day = ${day})`;
  const read = async () => {
    const [row] = await queryRows<{ built: number[] | null; outdated: boolean; trend: Record<string, TNum>[] | null }>(
      db,
      sql`with t as (
            select t.days, sum(t.products) as products, sum(t.my_sum) as my_sum, sum(t.now_sum) as now_sum,
                   sum(t.then_sum) as then_sum
              from (select days, products, my_sum, now_sum, then_sum from trend_tallies
                     where workspace_id = ${workspaceId} and day = ${day}
                    union all
                    select days, products, my_sum, now_sum, then_sum from trend_tally_deltas
                     where workspace_id = ${workspaceId} and day = ${day}) t
             group by t.days
          )
          select ${built} as built, exists (${outdated}) as outdated, (select json_agg(t) from t) as trend`,
    );
    return row?.built && days.every((d) => row.built!.includes(d)) ? row : null;
  };
  let row = await read();
  if (row?.outdated) {
    await db.execute(sql`select ${computeTrend(outdated, days, day, cutoff)}`);
    row = await read();
  }
  // still outdated: a statement in between moved the rows (then the per-request computation answers)
  return !row || row.outdated ? null : baskets(days, row.trend ?? []);
}

/**
 * Per request: the rows missing or outdated for the day computed and kept first (market_trend_compute), then
 * every product with 'mon prix' joined to its rows (any row outdated meanwhile computed inline, one price_daily
 * probe per URL and date) and to its market now.
 */
export async function liveTrend({ db, cutoff, rows }: TMarketRows, workspaceId: string, days: number[], day: SQL) {
  const since = cutoff ? sql`and d.last_at >= ${cutoff.toISOString()}::timestamptz` : sql``;
  const at = cutoffOf(cutoff);
  const priced = sql`select p.id, p.trend_version from products p where p.workspace_id = ${workspaceId} and p.reference_price > 0`;
  await db.execute(
    sql`select ${computeTrend(lackingTrend(priced, workspaceId, days, day, cutoff), days, day, cutoff)}`,
  );
  const found = await queryRows<Record<string, TNum>>(
    db,
    sql`with k as (
          select k.days, p.id as product_id, c.avg_cents, c.product_id is not null as kept
            from unnest(${`{${days.join(",")}}`}::int[]) as k(days)
            cross join products p
            left join market_trend c
                   on c.product_id = p.id and c.days = k.days and c.day = ${day} and c.version = p.trend_version
                  and (c.cutoff is null or c.cutoff <= ${at})
                  and (${at} is null or c.oldest_at is null or c.oldest_at >= ${at})
           where p.workspace_id = ${workspaceId} and p.reference_price > 0
        ), f as (
          select k.days, k.product_id,
                 round(sum(d.cents) filter (where d.comparable)::numeric
                       / nullif(count(*) filter (where d.comparable), 0)) as avg_cents
            from k
            left join lateral (
              select d.*
                from product_urls u
                cross join lateral (
                  select coalesce(d.last_available, false) and d.last_price is not null
                         and upper(coalesce(nullif(btrim(d.last_currency), ''), ${MARKET_CURRENCY})) = ${MARKET_CURRENCY}
                           as comparable,
                         (d.last_price * 100)::bigint as cents, d.last_at
                    from price_daily d
                   where d.url_id = u.id and d.day <= ${day} - k.days
                   order by d.day desc
                   limit 1
                ) d
               where u.product_id = k.product_id and u.workspace_id = ${workspaceId} ${since}
            ) d on true
           where not k.kept
           group by k.days, k.product_id
        )
        select t.days, count(*) as products, sum(m.my_cents) as my_sum, sum(m.price_avg_cents) as now_sum,
               sum(t.avg_cents) as then_sum
          from (select k.days, k.product_id, k.avg_cents from k where k.kept
                union all
                select f.days, f.product_id, f.avg_cents from f) t
          join ${rows} m on m.product_id = t.product_id
         where t.avg_cents is not null and m.n > 0
         group by t.days`,
  );
  return baskets(days, found);
}
