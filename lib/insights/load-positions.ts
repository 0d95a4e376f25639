import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { getRetentionCutoff } from "@/lib/history";
import { domainOf, MARKET_CURRENCY } from "./market-rules";
import { lineOrder, marketSource, rollupOutdated } from "./market-source";
import type { TBasis } from "./schemas";
import { loadSummaryTallies, matches, type TLinesFilter } from "./summary-tallies";

/** One line of the overview: a product with 'mon prix' and its market (cents), read for one page. */
export type TPositionRow = {
  id: string;
  name: string;
  myCents: number;
  market: { count: number; min: number; avg: number; max: number } | null;
  // how many comparable offers state no shipping (on the total basis they count at their price alone)
  shippingUnknown: number;
  cheapest: { urlId: string; name: string; domain: string; readingId: number }[];
  outOfStock: number;
  otherCurrency: number;
  checkedAt: Date | null;
};

export type { TLinesFilter };

type TNum = string | number | null;
const num = (v: TNum) => (v === null ? null : Number(v));

/** The workspace's market rows (marketSource), from the rollup unless the retention cutoff outdates it. */
export async function marketRows(workspaceId: string, basis: TBasis) {
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db);
  const live = await rollupOutdated(db, workspaceId, basis, cutoff);
  return { db, cutoff, live, rows: marketSource(workspaceId, basis, cutoff, live) };
}

type TMarketRows = Awaited<ReturnType<typeof marketRows>>;

/**
 * Over the whole catalogue: the summary's tallies (summary-tallies.ts); and, in one statement, for each of `days`
 * the trend's basket: the products with 'mon prix', a market now and a market average at the end of the Paris day
 * `days` before `now` (from market_trend when its row still holds, db/schema/market-trend.ts, else one price_daily
 * probe per URL and date, kept there by the same statement), with the sums of my prices, of their item-price
 * averages now and then. Only sums reach Node.
 */
export async function loadOverviewSummary(
  source: TMarketRows,
  workspaceId: string,
  filter: TLinesFilter,
  days: number[],
  now: Date,
) {
  const tallies = await loadSummaryTallies(source, workspaceId, filter);
  const { db, cutoff, rows } = source;
  const since = cutoff ? sql`and d.last_at >= ${cutoff.toISOString()}::timestamptz` : sql``;
  const cutoffAt = sql`${cutoff?.toISOString() ?? null}::timestamptz`;
  const today = sql`(${now.toISOString()}::timestamptz at time zone 'Europe/Paris')::date`;
  const [row] = await queryRows<{ trend: Record<string, TNum>[] | null }>(
    db,
    // only the columns the sums and filters read (the lines' cheapest offers would spill the CTE to disk)
    sql`with m as materialized (
          select m.product_id, m.name_key, m.my_cents, m.n, m.avg_cents, m.price_avg_cents, m.position_rank
            from ${rows} m
        ), k as (
          select k.days, p.id as product_id, p.trend_version, c.avg_cents, c.product_id is not null as kept
            from unnest(${`{${days.join(",")}}`}::int[]) as k(days)
            cross join products p
            left join market_trend c
                   on c.product_id = p.id and c.days = k.days and c.day = ${today} and c.version = p.trend_version
                  and (c.cutoff is null or c.cutoff <= ${cutoffAt})
                  and (${cutoffAt} is null or c.oldest_at is null or c.oldest_at >= ${cutoffAt})
           where p.workspace_id = ${workspaceId} and p.reference_price > 0
        ), f as (
          -- the others: the price in force at the end of that day, one price_daily probe per URL
          select k.days, k.product_id, k.trend_version,
                 round(sum(d.cents) filter (where d.comparable)::numeric
                       / nullif(count(*) filter (where d.comparable), 0)) as avg_cents,
                 min(d.last_at) as oldest_at
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
                   where d.url_id = u.id and d.day <= ${today} - k.days
                   order by d.day desc
                   limit 1
                ) d
               where u.product_id = k.product_id and u.workspace_id = ${workspaceId} ${since}
            ) d on true
           where not k.kept
           group by k.days, k.product_id, k.trend_version
        ), kept as (
          insert into market_trend (product_id, days, day, version, avg_cents, cutoff, oldest_at)
          select f.product_id, f.days, ${today}, f.trend_version, f.avg_cents, ${cutoffAt}, f.oldest_at from f
          on conflict (product_id, days) do update
             set day = excluded.day, version = excluded.version, avg_cents = excluded.avg_cents,
                 cutoff = excluded.cutoff, oldest_at = excluded.oldest_at
        ), t as (
          select t.days, count(*) as products, sum(m.my_cents) as my_sum, sum(m.price_avg_cents) as now_sum,
                 sum(t.avg_cents) as then_sum
            from (select k.days, k.product_id, k.avg_cents from k where k.kept
                  union all
                  select f.days, f.product_id, f.avg_cents from f) t
            join m on m.product_id = t.product_id
           where t.avg_cents is not null and m.n > 0
           group by t.days
        )
        select (select json_agg(t) from t) as trend`,
  );
  const trend = new Map((row!.trend ?? []).map((t) => [Number(t.days), t]));
  return {
    ...tallies,
    trend: days.map((d) => {
      const t = trend.get(d);
      return {
        days: d,
        products: num(t?.products ?? null) ?? 0,
        mySum: num(t?.my_sum ?? null) ?? 0,
        nowSum: num(t?.now_sum ?? null) ?? 0,
        thenSum: num(t?.then_sum ?? null) ?? 0,
      };
    }),
  };
}

type TLineRow = {
  product_id: string;
  name: string;
  my_cents: TNum;
  n: TNum;
  min_cents: TNum;
  avg_cents: TNum;
  max_cents: TNum;
  shipping_unknown: TNum;
  cheapest: { url_id: string; name: string; url: string; reading_id: string | number }[] | null;
  out_of_stock: TNum;
  other_currency: TNum;
  checked_at: Date | string | null;
};

/**
 * The lines matching `filter` in the chosen order (lineOrder), `limit` of them from `offset` (all without a
 * limit): in each sort's default direction one range of a product_market index, so a page reads its own rows.
 */
export async function loadOverviewPage(
  { db, rows }: TMarketRows,
  filter: TLinesFilter & { sort: string; order: "asc" | "desc" },
  limit: number | undefined,
  offset: number,
): Promise<TPositionRow[]> {
  const page = await queryRows<TLineRow>(
    db,
    sql`select m.product_id, p.name, m.my_cents, m.n, m.min_cents, m.avg_cents, m.max_cents, m.shipping_unknown,
               m.cheapest, m.out_of_stock, m.other_currency, m.checked_at
          from ${rows} m
          join products p on p.id = m.product_id
         where ${matches(filter)}
         order by ${lineOrder(filter.sort, filter.order)}
         ${limit === undefined ? sql`` : sql`limit ${limit}`} offset ${offset}`,
  );
  return page.map((r) => {
    const n = num(r.n) ?? 0;
    return {
      id: r.product_id,
      name: r.name,
      myCents: num(r.my_cents)!,
      market: n > 0 ? { count: n, min: num(r.min_cents)!, avg: num(r.avg_cents)!, max: num(r.max_cents)! } : null,
      shippingUnknown: num(r.shipping_unknown) ?? 0,
      cheapest: (r.cheapest ?? []).map((o) => ({
        urlId: o.url_id,
        name: o.name,
        domain: domainOf(o.url),
        readingId: Number(o.reading_id),
      })),
      outOfStock: num(r.out_of_stock) ?? 0,
      otherCurrency: num(r.other_currency) ?? 0,
      checkedAt: r.checked_at === null ? null : new Date(r.checked_at),
    };
  });
}
