import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { getRetentionCutoff } from "@/lib/history";
import { domainOf, MARKET_CURRENCY } from "./market-rules";
import type { TBasis } from "./schemas";

/** One product of the owner with its market aggregated in SQL (cents), and the market average `days` ago. */
export type TPositionRow = {
  id: string;
  name: string;
  myCents: number | null;
  market: { count: number; min: number; avg: number; max: number } | null;
  // The average of the item prices (what the trend compares, whatever the basis), and how many comparable offers
  // state no shipping (on the total basis they count at their price alone).
  priceAvg: number | null;
  shippingUnknown: number;
  cheapest: { urlId: string; name: string; domain: string; readingId: number }[];
  outOfStock: number;
  otherCurrency: number;
  checkedAt: Date | null;
  avgThen: Map<number, number>;
};

type Row = {
  id: string;
  name: string;
  my_cents: string | number | null;
  n: string | number | null;
  min: string | number | null;
  avg: string | number | null;
  max: string | number | null;
  cheapest: { url_id: string; name: string; url: string; reading_id: string | number }[] | null;
  price_avg: string | number | null;
  shipping_unknown: string | number | null;
  out_of_stock: string | number | null;
  other_currency: string | number | null;
  checked_at: Date | string | null;
  then: Record<string, string | number> | null;
};

const num = (v: string | number | null) => (v === null ? null : Number(v));

/**
 * The owner's products (by name) with, per product, the market of the comparable offers (market-rules.ts: each
 * URL's latest retained reading, available, priced, in euros) as count, min, average rounded half away from zero
 * and max in integer cents, the cheapest offers (URLs by name), the out-of-stock and other-currency counts, and
 * for products with 'mon prix' the market average at the end of the Paris day `days` before `now`: from
 * market_trend when its row still holds (db/schema/market-trend.ts), else one price_daily probe per URL and date,
 * kept there by the same statement. One statement: about one row per product reaches Node. On the "total" basis
 * an offer's amount is its price plus its stated shipping (its price alone when the page states none).
 */
export async function loadPositions(workspaceId: string, days: number[], now: Date, basis: TBasis = "price") {
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db);
  const since = (column: string) =>
    cutoff ? sql`and ${sql.raw(column)} >= ${cutoff.toISOString()}::timestamptz` : sql``;
  const cutoffAt = sql`${cutoff?.toISOString() ?? null}::timestamptz`;
  const today = sql`(${now.toISOString()}::timestamptz at time zone 'Europe/Paris')::date`;
  const rows = await queryRows<Row>(
    db,
    sql`with o as (
          select u.product_id, u.id as url_id, u.name, u.url, u.latest_at as at,
                 coalesce(u.latest_available, false) as available, u.latest_reading_id,
                 ((u.latest_price + ${basis === "total" ? sql`coalesce(u.latest_shipping, 0)` : sql`0`}) * 100)::bigint
                   as cents,
                 (u.latest_price * 100)::bigint as price_cents, u.latest_shipping is null as no_shipping,
                 upper(coalesce(nullif(btrim(u.latest_currency), ''), ${MARKET_CURRENCY})) as currency
            from products p
            join product_urls u on u.product_id = p.id and u.workspace_id = p.workspace_id
           where p.workspace_id = ${workspaceId} and u.latest_reading_id is not null and u.latest_at is not null
                 ${since("u.latest_at")}
        ), c as (
          select o.*, min(o.cents) filter (where o.comparable) over (partition by o.product_id) as low
            from (select o.*, o.available and o.cents is not null and o.currency = ${MARKET_CURRENCY} as comparable
                    from o) o
        ), m as (
          select c.product_id, count(*) filter (where c.comparable) as n, min(c.low) as min,
                 round(sum(c.cents) filter (where c.comparable)::numeric
                       / nullif(count(*) filter (where c.comparable), 0)) as avg,
                 max(c.cents) filter (where c.comparable) as max,
                 round(sum(c.price_cents) filter (where c.comparable)::numeric
                       / nullif(count(*) filter (where c.comparable), 0)) as price_avg,
                 count(*) filter (where c.comparable and c.no_shipping) as shipping_unknown,
                 json_agg(json_build_object('url_id', c.url_id, 'name', c.name, 'url', c.url,
                                            'reading_id', c.latest_reading_id) order by c.name, c.url_id)
                   filter (where c.comparable and c.cents = c.low) as cheapest,
                 count(*) filter (where not c.available) as out_of_stock,
                 count(*) filter (where c.available and c.cents is not null and c.currency <> ${MARKET_CURRENCY})
                   as other_currency,
                 max(c.at) as checked_at
            from c group by c.product_id
        ), k as (
          -- the trend's products (with 'mon prix') and days, and the market_trend row when it still holds
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
               where u.product_id = k.product_id and u.workspace_id = ${workspaceId} ${since("d.last_at")}
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
          select t.product_id, json_object_agg(t.days, t.avg_cents) as then
            from (select k.days, k.product_id, k.avg_cents from k where k.kept
                  union all
                  select f.days, f.product_id, f.avg_cents from f) t
           where t.avg_cents is not null
           group by t.product_id
        )
        select p.id, p.name, case when p.reference_price > 0 then (p.reference_price * 100)::bigint end as my_cents,
               m.n, m.min, m.avg, m.max, m.price_avg, m.shipping_unknown, m.cheapest, m.out_of_stock, m.other_currency, m.checked_at, t.then
          from products p
          left join m on m.product_id = p.id
          left join t on t.product_id = p.id
         where p.workspace_id = ${workspaceId}
         order by p.name, p.id`,
  );
  return rows.map((r): TPositionRow => {
    const n = num(r.n) ?? 0;
    return {
      id: r.id,
      name: r.name,
      myCents: num(r.my_cents),
      market: n > 0 ? { count: n, min: num(r.min)!, avg: num(r.avg)!, max: num(r.max)! } : null,
      priceAvg: num(r.price_avg),
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
      avgThen: new Map(Object.entries(r.then ?? {}).map(([k, v]) => [Number(k), Number(v)])),
    };
  });
}
