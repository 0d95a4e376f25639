import { type SQL, sql } from "drizzle-orm";
import type { TBasis, TChangeKind } from "./schemas";

export type TChangePick = { since: Date; kind: "all" | TChangeKind; limit: number; basis: TBasis };

/** A reading's currency as toOffer reads it: trimmed, upper case, 'EUR' when blank. */
const currency = (p: "l" | "b") =>
  sql.raw(`upper(coalesce(nullif(btrim(${p}_currency, E' \\t\\n\\r\\f' || chr(11)), ''), 'EUR'))`);
/** Available with a price (numeric(12,2): its cents are price × 100, none for NaN). */
const priced = (p: "l" | "b") =>
  sql.raw(`coalesce(${p}_available, false) and ${p}_price is not null and ${p}_price <> 'NaN'`);
/** What the market compares (market-rules.ts toOffer): the price, plus the stated shipping on the 'total' basis. */
const amount = (p: "l" | "b", basis: TBasis) =>
  sql.raw(basis === "total" ? `${p}_price + coalesce(${p}_shipping, 0)` : `${p}_price`);
/**
 * The seller of the baseline's reading (or of its correction): one primary-key read, only where asked; a steady
 * URL's is its latest seller (its value, seller included, has not changed since before the period), a known
 * baseline's its previous value's.
 */
const baselineSeller = (r: string) =>
  sql.raw(
    `case when ${r}.steady then ${r}.l_seller when ${r}.known then ${r}.p_seller
          else (select reading_seller(x.offers, x.price) from price_history x
                 where x.id = ${r}.b_src and ${r}.b_src is not null) end`,
  );

/** The columns of a row that reaches Node (a probed row's, or a steady one's with its latest as baseline). */
const PICKED = sql.raw(
  ["product_id", "url_id", ...["id", "price", "shipping", "seller", "currency", "available", "at"].map((k) => `l_${k}`)]
    .concat(["b_id", "b_price", "b_shipping", "b_src", "b_currency", "b_available", "b_at", "b_first", "steady"])
    .concat(["known", "p_seller", "url_name", "url"])
    .concat(["change_kind", "cheapest_moved"])
    .join(", "),
);

/**
 * Of the market rows (`listed`: each URL with its latest reading, `l_`, and whether it is steady; `probed`, over
 * `listed`: the other URLs with their baseline, `b_`), only those the changes need, so that ~1,000 rows do not
 * reach Node for a page of changes. Each probed URL's change is classified here (`change_kind`, the rules of
 * getChanges: a new out-of-stock, back in stock with a price, a drop or rise between two prices of one currency)
 * and counted per kind (the `n_<kind>` columns of the one row returned; the rows come in its `rows` JSON array, one
 * parse instead of each row's columns; `n_listed` counts the listed URLs: the work). Of the chosen kind (each kind
 * when all), only the lines that can be on its page: ranked within their kind by size (percentage in basis points,
 * then amount) with ties sharing a rank, those ranked within `limit`
 * (getChanges orders ties by name). Plus, of a product with comparable offers then and now none of whose cheapest
 * URLs was one of the cheapest then (`cheapest_moved`: a new cheapest merchant is possible there, the domains
 * decide), the URLs cheapest then or now: the other offers change neither minimum. A steady URL (the same value
 * then and now, no change) counts only in its product's minimums (`s`), and comes when it is one of those.
 */
export function changeCandidates(
  workspaceId: string,
  { listed: urls, probed }: { listed: SQL; probed: SQL },
  cutoff: Date | null,
  pick: TChangePick,
) {
  const listed = sql`(change_kind is not null and (${pick.kind} = 'all' or change_kind = ${pick.kind}))`;
  const latest = (r: string) => (cutoff ? sql`${sql.raw(r)}.l_at >= ${cutoff.toISOString()}::timestamptz` : sql`true`);
  const hasL = (r: string) => sql`${sql.raw(r)}.l_id is not null and ${sql.raw(r)}.l_at is not null and ${latest(r)}`;
  // a steady URL's offer, then as now: comparable (available with a price in euros) and its amount
  const steadyOk = sql`${hasL("l")} and ${priced("l")} and ${currency("l")} = 'EUR'`;
  return sql`with listed as materialized (${urls}), m as (
      select m.*, ${hasL("m")} as has_l,
             ${priced("b")} as b_priced, ${priced("l")} as l_priced,
             ${currency("b")} as b_cur, ${currency("l")} as l_cur,
             ${amount("b", pick.basis)} as b_amt, ${amount("l", pick.basis)} as l_amt
        from (${probed}) m
    ), c as (
      select m.*,
             case when not has_l or b_id is null or b_id = l_id then null
                  when coalesce(b_available, false) and not coalesce(l_available, false) then 'out_of_stock'
                  when not coalesce(b_available, false) and l_priced then 'back_in_stock'
                  when b_priced and l_priced and b_cur = l_cur and b_amt <> l_amt
                    then case when l_amt < b_amt then 'drop' else 'rise' end
             end as change_kind,
             coalesce(not b_first and b_priced and b_cur = 'EUR', false) as was_ok,
             coalesce(has_l and l_priced and l_cur = 'EUR', false) as is_ok
        from m
    ), s as (
      select l.product_id, min(${amount("l", pick.basis)}) filter (where coalesce(${steadyOk}, false)) as low
        from listed l where l.steady group by l.product_id
    ), lows as (
      -- every product listed has a probed URL (one whose value began within the period)
      select c.product_id, least(c.was_min, s.low) as was_min, least(c.is_min, s.low) as is_min, s.low as steady_low
        from (select product_id, min(b_amt) filter (where was_ok) as was_min, min(l_amt) filter (where is_ok) as is_min
                from c group by product_id) c
        left join s using (product_id)
    ), moved as materialized (
      select c.product_id
        from c join lows using (product_id)
       where lows.was_min is not null and lows.is_min is not null
         -- a steady offer cheapest then and now keeps its merchant
         and not coalesce(lows.steady_low = lows.was_min and lows.steady_low = lows.is_min, false)
       group by c.product_id
      -- an offer cheapest then and now keeps its merchant unless its seller changed (read only for those)
      having not bool_or(case when c.was_ok and c.b_amt = lows.was_min and c.is_ok and c.l_amt = lows.is_min
                              then c.l_seller is not distinct from ${baselineSeller("c")} else false end)
    ), places as (
      -- the lines of the chosen kind ranked among themselves (only those: the unchanged URLs are no one's peers)
      select c.url_id, rank() over (
               partition by change_kind
               order by case when change_kind in ('drop', 'rise') and b_amt <> 0
                             then round(abs(l_amt - b_amt) * 10000 / abs(b_amt)) else 0 end desc,
                        case when change_kind in ('drop', 'rise') then abs(l_amt - b_amt) else 0 end desc
             ) as place
        from c where ${listed}
    ), picked as materialized (
      -- the rows that reach Node, chosen before their names and addresses are joined
      select ${PICKED} from (
        select c.*, moved.product_id is not null as cheapest_moved
          from c left join places using (url_id) left join lows using (product_id) left join moved using (product_id)
         where (moved.product_id is not null
                and (c.was_ok and c.b_amt = lows.was_min or c.is_ok and c.l_amt = lows.is_min))
            or places.place <= ${pick.limit}) c
      union all
      select l.product_id, l.url_id, l.l_id, l.l_price, l.l_shipping, l.l_seller, l.l_currency, l.l_available, l.l_at,
             l.l_id, l.l_price, l.l_shipping, null::bigint, l.l_currency, l.l_available, l.l_at, false, true,
             false, null::text, l.url_name, l.url, null::text, true
        from listed l join moved using (product_id) join lows using (product_id)
       where l.steady and coalesce(${steadyOk}, false)
         and ${amount("l", pick.basis)} in (lows.was_min, lows.is_min)
    ), n as (
      select count(*) filter (where change_kind = 'drop') as n_drop,
             count(*) filter (where change_kind = 'rise') as n_rise,
             count(*) filter (where change_kind = 'out_of_stock') as n_out_of_stock,
             count(*) filter (where change_kind = 'back_in_stock') as n_back_in_stock,
             (select count(*) from listed) as n_listed
        from c
    )
    select n.*, (
      select json_agg(r) from (
        -- the baseline's seller above the ordering: no sort over price_history
        select q.*, ${baselineSeller("q")} as b_seller from (
        select c.product_id, p.name as product_name, p.reference_price::text as reference_price, c.url_id,
               c.url_name, c.url,
               c.l_id, c.l_price::text as l_price, c.l_shipping::text as l_shipping, c.l_seller, c.l_currency,
               c.l_available, c.l_at, c.b_id, c.b_price::text as b_price, c.b_shipping::text as b_shipping,
               c.b_src, c.b_currency, c.b_available, c.b_at, c.b_first, c.steady, c.known, c.p_seller, c.change_kind,
               row_number() over (order by p.name, p.id, c.url_name, c.url_id) as ord, c.cheapest_moved
          from picked c
          -- each product once, by primary key (a join's estimate over picked chose to hash every product of the
          -- table); the URLs' names and addresses came with listed's rows
          join (select p.id, p.name, p.reference_price from products p
                 where p.id = any(array(select distinct product_id from picked))
                   and p.workspace_id = ${workspaceId}) p on p.id = c.product_id
        ) q
      ) r
    ) as rows
      from n`;
}
