import { type SQL, sql } from "drizzle-orm";
import { type DbLike, queryRows } from "@/db";
import { KEY_LAST, marketKeys } from "@/db/schema/product-market";
import { MARKET_CURRENCY } from "./market-rules";
import type { TBasis } from "./schemas";

/** Whether a latest reading counted in the workspace's product_market rows is older than the retention cutoff. */
export async function rollupOutdated(db: DbLike, workspaceId: string, basis: TBasis, cutoff: Date | null) {
  if (!cutoff) return false;
  const [row] = await queryRows<{ outdated: boolean }>(
    db,
    sql`select exists (select 1 from product_market where workspace_id = ${workspaceId} and basis = ${basis}
                          and oldest_at < ${cutoff.toISOString()}::timestamptz) as outdated`,
  );
  return row?.outdated === true;
}

const LIVE_KEYS = marketKeys({ my: "x.my_cents", n: "x.n", min: "x.min_cents", sum: "x.sum_cents" });

/**
 * One row per product of the workspace with 'mon prix' (> 0): product_id, name_key, my_cents, the market of its
 * comparable offers in cents (n, min_cents, sum_cents, avg_cents, max_cents, price_avg_cents), shipping_unknown,
 * cheapest, out_of_stock, other_currency, checked_at, and the sort keys gap_bp, avg_gap_bp, index_bp,
 * position_rank (db/schema/product-market.ts marketKeys). Read from the product_market rollup, whose indexes
 * serve the overview's sorts; computed live from product_urls' latest_* copy (market-rules.ts) when `live`: the
 * retention cutoff drops a reading the rollup counts. A subquery the planner pulls up into its reader.
 */
export function marketSource(workspaceId: string, basis: TBasis, cutoff: Date | null, live: boolean): SQL {
  const averages = (r: string) =>
    sql.raw(`round(${r}.sum_cents::numeric / nullif(${r}.n, 0)) as avg_cents,
             round(${r}.price_sum_cents::numeric / nullif(${r}.n, 0)) as price_avg_cents`);
  if (!live) {
    return sql`(select r.product_id, r.name_key, r.my_cents, r.n, r.min_cents, r.sum_cents, r.max_cents,
                       r.price_sum_cents, r.shipping_unknown, r.cheapest, r.out_of_stock, r.other_currency,
                       r.checked_at, ${averages("r")}, r.gap_bp, r.avg_gap_bp, r.index_bp, r.position_rank
                  from product_market r
                 where r.workspace_id = ${workspaceId} and r.basis = ${basis} and r.my_cents is not null)`;
  }
  const since = cutoff ? sql`and u.latest_at >= ${cutoff.toISOString()}::timestamptz` : sql``;
  return sql`(with o as (
          select u.product_id, u.id as url_id, u.name, u.url, u.latest_at as at,
                 coalesce(u.latest_available, false) as available, u.latest_reading_id,
                 ((u.latest_price + ${basis === "total" ? sql`coalesce(u.latest_shipping, 0)` : sql`0`}) * 100)::bigint
                   as cents,
                 (u.latest_price * 100)::bigint as price_cents, u.latest_shipping is null as no_shipping,
                 upper(coalesce(nullif(btrim(u.latest_currency), ''), ${MARKET_CURRENCY})) as currency
            from products p
            join product_urls u on u.product_id = p.id and u.workspace_id = p.workspace_id
           where p.workspace_id = ${workspaceId} and p.reference_price > 0
                 and u.latest_reading_id is not null and u.latest_at is not null ${since}
        ), c as (
          select o.*, min(o.cents) filter (where o.comparable) over (partition by o.product_id) as low
            from (select o.*, o.available and o.cents is not null and o.currency = ${MARKET_CURRENCY} as comparable
                    from o) o
        ), m as (
          select c.product_id, count(*) filter (where c.comparable) as n, min(c.low) as min_cents,
                 sum(c.cents) filter (where c.comparable) as sum_cents, max(c.cents) filter (where c.comparable) as max_cents,
                 sum(c.price_cents) filter (where c.comparable) as price_sum_cents,
                 count(*) filter (where c.comparable and c.no_shipping) as shipping_unknown,
                 json_agg(json_build_object('url_id', c.url_id, 'name', c.name, 'url', c.url,
                                            'reading_id', c.latest_reading_id) order by c.name, c.url_id)
                   filter (where c.comparable and c.cents = c.low) as cheapest,
                 count(*) filter (where not c.available) as out_of_stock,
                 count(*) filter (where c.available and c.cents is not null and c.currency <> ${MARKET_CURRENCY})
                   as other_currency,
                 max(c.at) as checked_at
            from c group by c.product_id
        ), x as (
          select p.id as product_id, p.name_key, (p.reference_price * 100)::bigint as my_cents, coalesce(m.n, 0) as n,
                 m.min_cents, m.sum_cents, m.max_cents, m.price_sum_cents, coalesce(m.shipping_unknown, 0) as shipping_unknown,
                 m.cheapest, coalesce(m.out_of_stock, 0) as out_of_stock, coalesce(m.other_currency, 0) as other_currency,
                 m.checked_at
            from products p left join m on m.product_id = p.id
           where p.workspace_id = ${workspaceId} and p.reference_price > 0
        )
        select x.*, ${averages("x")}, ${sql.raw(LIVE_KEYS.gapBp)} as gap_bp, ${sql.raw(LIVE_KEYS.avgGapBp)} as avg_gap_bp,
               ${sql.raw(LIVE_KEYS.indexBp)} as index_bp, (${sql.raw(LIVE_KEYS.positionRank)})::smallint as position_rank
          from x)`;
}

const key = (column: string, desc: boolean) =>
  sql.raw(desc ? `coalesce(-m.${column}, ${KEY_LAST})` : `coalesce(m.${column}, ${KEY_LAST})`);

/**
 * The ORDER BY of the overview's lines over `marketSource` as `m`: numbers with missing ones last in both
 * directions, positions in POSITIONS order, ties by folded name then id. In each sort's default direction the
 * expression is that of a product_market index (one range per page); the other direction sorts the lines in SQL.
 */
export function lineOrder(sort: string, order: "asc" | "desc"): SQL {
  const desc = order === "desc";
  const tie = sql.raw("m.name_key, m.product_id");
  switch (sort) {
    case "name":
      return sql.raw(desc ? "m.name_key desc, m.product_id desc" : "m.name_key, m.product_id");
    case "position":
      return sql`m.position_rank ${sql.raw(desc ? "desc" : "asc")}, ${tie}`;
    case "gap_to_average":
      return sql`${key("avg_gap_bp", desc)}, ${tie}`;
    case "price_index":
      return sql`${key("index_bp", desc)}, ${tie}`;
    default:
      return sql`${key("gap_bp", desc)}, ${tie}`;
  }
}
