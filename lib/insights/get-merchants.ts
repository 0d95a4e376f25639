import { sql } from "drizzle-orm";
import { type DbLike, getDb, queryRows } from "@/db";
import { centsToDecimal, divRound, percentOf } from "@/lib/core/money";
import { getRetentionCutoff } from "@/lib/history";
import { MARKET_CURRENCY } from "./market-rules";
import { rollupOutdated } from "./market-source";
import type { TBasis, TMerchantsQuery } from "./schemas";
import { basisPoints, compareFr, sortLines } from "./sort-lines";

type TNum = string | number;
type TTally = {
  domain: string;
  merchant: string;
  seller: string | null;
  /** The merchant's names; from the rollup, its distinct lists of names. */
  names: string[] | string[][];
  urls: TNum;
  out_of_stock: TNum;
  products: TNum;
  priced: TNum;
  cheapest: TNum;
  compared: TNum;
  gap_sum: TNum | null;
  my_sum: TNum | null;
};

/**
 * The owner's merchants, tallied in one SQL statement over the URLs' latest readings (product_urls' latest_*
 * copy, retention applied; market-rules.ts): on how many products they are the cheapest (among the products
 * where they have a comparable offer; ties count for each), their average gap to 'mon prix' (merchant price − my
 * price, positive when dearer than me; the percentage is the sum of the gaps over the sum of my prices), and
 * their out-of-stock rate (share of their URLs whose latest reading is unavailable). A merchant is a domain, or a
 * source's own name on it (product_urls.merchant_domain and merchant_own, db/schema/products.ts), or on a
 * marketplace the seller of the latest reading's offer (product_urls.latest_seller; case and spaces ignored).
 * Prices are amounts on the basis: the price, or price plus the stated shipping (market-rules.ts). A merchant
 * with several URLs on one product counts once there, at its lowest comparable amount. Read from the
 * merchant tallies kept from the product_merchants rollup (lib/insights/rollups.md), live when retention drops
 * a reading they count.
 * One row per merchant reaches Node.
 */
export async function getMerchants(workspaceId: string, query: TMerchantsQuery) {
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db);
  const basis = query.basis ?? "price";
  const tallies = (await rollupOutdated(db, workspaceId, basis, cutoff))
    ? await tallyLive(db, workspaceId, basis, cutoff)
    : await tallyRollup(db, workspaceId, basis);
  const lines = tallies.map((t) => {
    const [urls, outOfStock, priced, cheapest, compared] = [
      t.urls,
      t.out_of_stock,
      t.priced,
      t.cheapest,
      t.compared,
    ].map(Number) as [number, number, number, number, number];
    const gapSum = Number(t.gap_sum ?? 0);
    return {
      merchant: t.merchant,
      domain: t.domain,
      seller: t.seller,
      names: [...new Set(t.names.flat())].sort(compareFr),
      urls,
      products: Number(t.products),
      priced_products: priced,
      cheapest_count: cheapest,
      cheapest_rate: percentOf(cheapest, priced),
      compared_products: compared,
      average_gap: compared ? centsToDecimal(divRound(gapSum, compared)) : null,
      average_gap_percent: compared ? percentOf(gapSum, Number(t.my_sum ?? 0)) : null,
      out_of_stock: outOfStock,
      out_of_stock_rate: percentOf(outOfStock, urls),
    };
  });
  const needle = query.q?.toLocaleLowerCase("fr");
  const filtered = lines.filter(
    (l) =>
      !needle ||
      l.domain.includes(needle) ||
      l.merchant.toLocaleLowerCase("fr").includes(needle) ||
      l.names.some((n) => n.toLocaleLowerCase("fr").includes(needle)),
  );
  type TLine = (typeof lines)[number];
  const keys = {
    cheapest_rate: (l: TLine) => basisPoints(l.cheapest_rate),
    average_gap: (l: TLine) => basisPoints(l.average_gap_percent),
    out_of_stock_rate: (l: TLine) => basisPoints(l.out_of_stock_rate),
    products: (l: TLine) => l.products,
    domain: (l: TLine) => l.domain,
  };
  const order = query.order ?? (query.sort === "domain" ? "asc" : "desc");
  const tie = (l: TLine) => `${l.domain} ${l.merchant}`;
  return {
    currency: MARKET_CURRENCY,
    basis,
    merchants: sortLines(filtered, keys[query.sort], order, tie),
  };
}

const MERCHANT_COLUMNS = sql.raw(`domain, own, seller, own_name, names, products, urls, out_of_stock, priced, cheapest,
                                    compared, gap_sum, my_sum`);

/**
 * The tallies from the merchant tallies (db/schema/market-tallies.ts: the folded rows and the pending deltas of
 * the workspace and basis, summed per key; a key whose products sum to 0 has no row left), retention ignored.
 */
export function tallyRollup(db: DbLike, workspaceId: string, basis: TBasis) {
  return queryRows<TTally>(
    db,
    // two index ranges (the folded rows' primary key, the deltas' workspace index): O(merchant keys + deltas)
    sql`select g.domain, coalesce(min(g.seller), min(g.own_name) filter (where g.own <> ''), g.domain) as merchant,
               min(g.seller) as seller, json_agg(g.names) as names, sum(g.urls) as urls,
               sum(g.out_of_stock) as out_of_stock, sum(g.products) as products, sum(g.priced) as priced,
               sum(g.cheapest) as cheapest, sum(g.compared) as compared, sum(g.gap_sum) as gap_sum,
               sum(g.my_sum) as my_sum
          from (select t.domain, t.own, t.seller, t.own_name, t.names, sum(t.products) as products, sum(t.urls) as urls,
                       sum(t.out_of_stock) as out_of_stock, sum(t.priced) as priced, sum(t.cheapest) as cheapest,
                       sum(t.compared) as compared, sum(t.gap_sum) as gap_sum, sum(t.my_sum) as my_sum
                  from (select ${MERCHANT_COLUMNS} from merchant_tallies
                         where workspace_id = ${workspaceId} and basis = ${basis}
                        union all
                        select ${MERCHANT_COLUMNS} from merchant_tally_deltas
                         where workspace_id = ${workspaceId} and basis = ${basis}) t
                 group by t.domain, t.own, t.seller, t.own_name, t.names
                having sum(t.products) > 0) g
         group by g.domain, g.own`,
  );
}

/**
 * The tallies computed from product_urls' latest_* copy, for a retention cutoff past a latest reading the
 * product_merchants rollup counts (db/schema/product-merchants.ts).
 */
export function tallyLive(db: DbLike, workspaceId: string, basis: TBasis, cutoff: Date | null) {
  const since = cutoff ? sql`and u.latest_at >= ${cutoff.toISOString()}::timestamptz` : sql``;
  const shipping = basis === "total" ? sql` + coalesce(u.latest_shipping, 0)` : sql``;
  return queryRows<TTally>(
    db,
    sql`with o as (
          select u.product_id, u.name, u.merchant_domain as domain, s.seller,
                 coalesce('seller:' || lower(s.seller), u.merchant_own) as own, coalesce(u.latest_available, false) as available,
                 coalesce(u.latest_available, false) and u.latest_price is not null
                   and upper(coalesce(nullif(btrim(u.latest_currency), ''), ${MARKET_CURRENCY})) = ${MARKET_CURRENCY}
                   as comparable,
                 ((u.latest_price${shipping}) * 100)::bigint as cents
            from product_urls u
           cross join lateral (select nullif(regexp_replace(btrim(u.latest_seller), '[[:space:]]+', ' ', 'g'), '') as seller) s
           where u.workspace_id = ${workspaceId} and u.latest_reading_id is not null and u.latest_at is not null ${since}
        ), best as (
          -- each merchant's lowest comparable price per product, against the product's lowest and 'mon prix'
          select b.*, min(b.cents) over (partition by b.product_id) as low,
                 case when p.reference_price > 0 then (p.reference_price * 100)::bigint end as my
            from (select o.domain, o.own, o.product_id, min(o.cents) as cents
                    from o where o.comparable group by o.domain, o.own, o.product_id) b
            join products p on p.id = b.product_id
        ), prices as (
          select domain, own, count(*) as priced, count(*) filter (where cents = low) as cheapest,
                 count(my) as compared, sum(cents - my) as gap_sum, sum(my) as my_sum
            from best group by domain, own
        )
        select o.domain, coalesce(min(o.seller), min(btrim(o.name)) filter (where o.own <> ''), o.domain) as merchant,
               min(o.seller) as seller,
               array_agg(distinct o.name) as names, count(*) as urls, count(*) filter (where not o.available) as out_of_stock,
               count(distinct o.product_id) as products, coalesce(max(prices.priced), 0) as priced,
               coalesce(max(prices.cheapest), 0) as cheapest, coalesce(max(prices.compared), 0) as compared,
               max(prices.gap_sum) as gap_sum, max(prices.my_sum) as my_sum
          from o
          left join prices on prices.domain = o.domain and prices.own = o.own
         group by o.domain, o.own`,
  );
}

export type TMerchants = Awaited<ReturnType<typeof getMerchants>>;
