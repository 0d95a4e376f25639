import { sql } from "drizzle-orm";
import { queryRows } from "@/db";
import type { TMarketRows } from "./load-positions";
import { MARKET_CURRENCY } from "./market-rules";

type TNum = string | number | null;
const num = (v: TNum) => (v === null ? null : Number(v));

/** One trend's basket: the products with 'mon prix' and a market now and then, their sums in cents. */
export type TTrendBasket = { days: number; products: number; mySum: number; nowSum: number; thenSum: number };

/**
 * For each of `days` the trend's basket: the products with 'mon prix', a market now and a market average at the
 * end of the Paris day `days` before `now` (from market_trend when its row still holds, db/schema/market-trend.ts,
 * else one price_daily probe per URL and date, kept there by the same statement), with the sums of my prices, of
 * their item-price averages now and then. Only sums reach Node.
 */
export async function loadTrend(
  { db, cutoff, rows }: TMarketRows,
  workspaceId: string,
  days: number[],
  now: Date,
): Promise<TTrendBasket[]> {
  const since = cutoff ? sql`and d.last_at >= ${cutoff.toISOString()}::timestamptz` : sql``;
  const cutoffAt = sql`${cutoff?.toISOString() ?? null}::timestamptz`;
  const today = sql`(${now.toISOString()}::timestamptz at time zone 'Europe/Paris')::date`;
  const found = await queryRows<Record<string, TNum>>(
    db,
    sql`with k as (
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
  const trend = new Map(found.map((t) => [Number(t.days), t]));
  return days.map((d) => {
    const t = trend.get(d);
    return {
      days: d,
      products: num(t?.products ?? null) ?? 0,
      mySum: num(t?.my_sum ?? null) ?? 0,
      nowSum: num(t?.now_sum ?? null) ?? 0,
      thenSum: num(t?.then_sum ?? null) ?? 0,
    };
  });
}
