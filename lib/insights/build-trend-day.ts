import { type SQL, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { getRetentionCutoff } from "@/lib/history";
import { computeTrend, lackingTrend, parisDay, TREND_DAYS } from "./load-trend";

const BATCH = 1_000;

/** The workspaces with 'mon prix' on a product whose Paris day of `at` is not complete yet. */
export async function workspacesToBuild(at: Date) {
  const rows = await queryRows<{ id: string }>(
    await getDb(),
    sql`select w.id from workspaces w
         where not exists (select 1 from market_trend_days m where m.workspace_id = w.id and m.day = ${parisDay(at)})
           and exists (select 1 from product_market pm
                        where pm.workspace_id = w.id and pm.basis = 'price' and pm.my_cents is not null)
         order by w.id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Completes the workspace's Paris day of `at`: the market_trend rows of every product with 'mon prix' computed
 * for that day under the workspace's retention cutoff (the rows already right are left), BATCH products per
 * statement in creation order, then, under the day's exclusive lock (market_trend_ensure holds it shared while
 * pricing products), the products priced meanwhile and the market_trend_days row. Idempotent; the overview
 * reads the tallies of the day from then on (lib/insights/load-trend.ts).
 */
export async function buildTrendDay(workspaceId: string, at: Date) {
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db, at);
  const day = parisDay(at);
  const priced = sql`select p.id, p.trend_version from products p
                       where p.workspace_id = ${workspaceId} and p.reference_price > 0`;
  let cursor: { at: string; id: string } | null = null;
  let [computed, batches] = [0, 0];
  for (;;) {
    const after: SQL = cursor ? sql`and (p.created_at, p.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``;
    type TBatch = { computed: number; n: number; last_at: string | null; last_id: string | null };
    const [row]: TBatch[] = await queryRows<TBatch>(
      db,
      sql`with b as materialized (
            select p.id, p.trend_version, p.created_at from products p
             where p.workspace_id = ${workspaceId} and p.reference_price > 0 ${after}
             order by p.created_at, p.id limit ${BATCH}
          ), last as (
            select b.created_at::text as last_at, b.id as last_id from b order by b.created_at desc, b.id desc limit 1
          )
          select ${computeTrend(lackingTrend(sql`select b.id, b.trend_version from b`, workspaceId, TREND_DAYS, day, cutoff), TREND_DAYS, day, cutoff)} as computed,
                 (select count(*)::int from b) as n, (select last_at from last), (select last_id from last)`,
    );
    batches++;
    computed += row?.computed ?? 0;
    if (!row || row.n < BATCH || !row.last_at || !row.last_id) break;
    cursor = { at: row.last_at, id: row.last_id };
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(market_trend_days_lock_key(${workspaceId}::uuid))`);
    const [late] = await queryRows<{ computed: number }>(
      tx,
      sql`select ${computeTrend(lackingTrend(priced, workspaceId, TREND_DAYS, day, cutoff), TREND_DAYS, day, cutoff)} as computed`,
    );
    computed += late?.computed ?? 0;
    await tx.execute(
      sql`insert into market_trend_days (workspace_id, day, days, cutoff)
          values (${workspaceId}, ${day}, ${`{${TREND_DAYS.join(",")}}`}::int[], ${cutoff?.toISOString() ?? null}::timestamptz)
          on conflict (workspace_id, day) do update set days = excluded.days, cutoff = excluded.cutoff`,
    );
    await tx.execute(sql`delete from market_trend_days where workspace_id = ${workspaceId} and day < ${day} - 1`);
  });
  return { rows: computed, batches };
}
