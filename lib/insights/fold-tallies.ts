import { sql } from "drizzle-orm";
import { type DbLike, queryRows } from "@/db";

const MERCHANT_KEY = sql.raw(`workspace_id, basis, domain, own, seller, own_name, names`);
const MERCHANT_SUMS = ["products", "urls", "out_of_stock", "priced", "cheapest", "compared", "gap_sum", "my_sum"];
const POSITION_SUMS = ["lines", "my_sum", "avg_sum"];

const sums = (columns: string[]) => sql.raw(columns.map((c) => `sum(d.${c})`).join(", "));
const added = (table: string, columns: string[]) =>
  sql.raw(columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(", "));

/**
 * Moves the pending deltas of the Vue marché's tallies into the folded tables (db/schema/market-tallies.ts), in
 * the caller's transaction: the deltas it deletes are added into their keys' folded rows, and the rows whose
 * count falls to 0 are dropped; those of a deleted workspace are dropped too (the deltas have no foreign key). A
 * reader sees the deltas or their sum, never both. Deltas written meanwhile wait for the next fold.
 */
export async function foldMarketTallies(tx: DbLike) {
  const [merchants] = await queryRows<{ keys: number }>(
    tx,
    sql`with d as (delete from merchant_tally_deltas returning *), f as (
          insert into merchant_tallies (${MERCHANT_KEY}, key, ${sql.raw(MERCHANT_SUMS.join(", "))})
          select d.workspace_id, d.basis, d.domain, d.own, d.seller, d.own_name, d.names,
                 merchant_tally_key(d.domain, d.own, d.seller, d.own_name, d.names), ${sums(MERCHANT_SUMS)}
            from d
           where exists (select 1 from workspaces w where w.id = d.workspace_id)
           group by d.workspace_id, d.basis, d.domain, d.own, d.seller, d.own_name, d.names
           -- the folded rows locked in one order
           order by 1, 2, 8
          on conflict (workspace_id, basis, key) do update set ${added("merchant_tallies", MERCHANT_SUMS)}
          returning 1
        )
        select count(*)::int as keys from f`,
  );
  await tx.execute(sql`delete from merchant_tallies where products = 0`);
  const [positions] = await queryRows<{ keys: number }>(
    tx,
    sql`with d as (delete from position_tally_deltas returning *), f as (
          insert into position_tallies (workspace_id, basis, position_rank, ${sql.raw(POSITION_SUMS.join(", "))})
          select d.workspace_id, d.basis, d.position_rank, ${sums(POSITION_SUMS)}
            from d
           where exists (select 1 from workspaces w where w.id = d.workspace_id)
           group by d.workspace_id, d.basis, d.position_rank
           order by 1, 2, 3
          on conflict (workspace_id, basis, position_rank) do update set ${added("position_tallies", POSITION_SUMS)}
          returning 1
        )
        select count(*)::int as keys from f`,
  );
  await tx.execute(sql`delete from position_tallies where lines = 0`);
  const trend = await foldTrendTallies(tx);
  return { merchantKeys: merchants?.keys ?? 0, positionKeys: positions?.keys ?? 0, trendKeys: trend.keys };
}

/** The same for the trend's deltas (db/schema/market-trend.ts): a tally left at zero is dropped. */
async function foldTrendTallies(tx: DbLike) {
  const [row] = await queryRows<{ keys: number }>(
    tx,
    sql`with d as (delete from trend_tally_deltas returning *), f as (
          insert into trend_tallies (workspace_id, day, days, products, my_sum, now_sum, then_sum)
          select d.workspace_id, d.day, d.days, sum(d.products), sum(d.my_sum), sum(d.now_sum), sum(d.then_sum)
            from d
           where exists (select 1 from workspaces w where w.id = d.workspace_id)
           group by d.workspace_id, d.day, d.days
           -- the folded rows locked in one order
           order by 1, 2, 3
          on conflict (workspace_id, day, days) do update
             set products = trend_tallies.products + excluded.products, my_sum = trend_tallies.my_sum + excluded.my_sum,
                 now_sum = trend_tallies.now_sum + excluded.now_sum, then_sum = trend_tallies.then_sum + excluded.then_sum
          returning 1
        )
        select count(*)::int as keys from f`,
  );
  await tx.execute(sql`delete from trend_tallies where products = 0 and my_sum = 0 and now_sum = 0 and then_sum = 0`);
  return { keys: row?.keys ?? 0 };
}
