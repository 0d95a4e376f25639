import { eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { catalogFeedRuns } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { inTransaction } from "@/lib/jobs";
import { FEED_MSG } from "./messages";

export const GONE_REASON = "Absent du flux : le produit est conservé (rien n'est supprimé)";

/** Gone products written per statement, each chunk its own short transaction. */
const GONE_CHUNK = 1000;

/**
 * The next chunk of the run's gone products: those the feed's last finished run created, changed or found
 * unchanged, still in the workspace, that no row of this run names (a product another feed or a person added
 * is never this feed's to report). Numbered after the run's rows; a chunk already written is not written again.
 */
async function writeGoneChunk(runId: string, feedId: string, workspaceId: string): Promise<number> {
  return inTransaction(async (tx) => {
    const rows = await queryRows<{ idx: number }>(
      tx,
      sql`with previous as (
            select id from catalog_feed_runs
            where feed_id = ${feedId} and status = 'done' and id <> ${runId}
            order by created_at desc, id desc limit 1
          ), start as (
            select greatest(coalesce(max(idx) + 1, 0), (select total from catalog_feed_runs where id = ${runId})) as n
            from catalog_feed_run_rows where run_id = ${runId}
          )
          insert into catalog_feed_run_rows (run_id, workspace_id, idx, sku, name, outcome, reason, product_id)
          select ${runId}, p.workspace_id, (select n from start) + row_number() over (order by p.sku) - 1, p.sku,
                 p.name, 'gone', ${GONE_REASON}, p.id
          from catalog_feed_run_rows prev
          join products p on p.id = prev.product_id and p.workspace_id = ${workspaceId}
          where prev.run_id = (select id from previous) and prev.outcome in ('new', 'changed', 'unchanged')
            and p.sku is not null
            and not exists (select 1 from catalog_feed_run_rows r where r.run_id = ${runId} and r.sku = p.sku)
          order by p.sku
          limit ${GONE_CHUNK}
          returning idx`,
    );
    return rows.length;
  });
}

/**
 * The run's last step: the gone products are reported (never deleted), a chunk at a time, then in one
 * transaction the run is done with its counts.
 */
export async function finishFeedRun(runId: string): Promise<void> {
  const db = await getDb();
  const [started] = await db.select().from(catalogFeedRuns).where(eq(catalogFeedRuns.id, runId));
  if (started?.status !== "running") return;
  // fresh statistics of the rows just written: without them the planner joins the last run's 20,000 rows to the
  // products by scanning them once per product (5 minutes for 20,000 rows on the embedded database)
  await db.execute(sql`analyze catalog_feed_run_rows`).catch(() => undefined);
  while ((await writeGoneChunk(runId, started.feedId, started.workspaceId)) === GONE_CHUNK) {
    // other requests (on the embedded database's single connection too) get their turn
    await new Promise((resolve) => setImmediate(resolve));
  }
  await inTransaction(async (tx) => {
    const [run] = await tx.select().from(catalogFeedRuns).where(eq(catalogFeedRuns.id, runId)).for("update");
    if (run?.status !== "running") return;
    const [gone] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from catalog_feed_run_rows where run_id = ${runId} and outcome = 'gone'`,
    );
    const counts = { ...run.counts, gone: gone?.n ?? 0 };
    await tx
      .update(catalogFeedRuns)
      .set({ status: "done", counts, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(catalogFeedRuns.id, runId));
    await recordAudit(tx, run.workspaceId, "feed.run_done", { type: "feed", id: run.feedId }, { run: runId, counts });
  });
}

/** The run ends 'failed' with its French error (a source that cannot be read, or too many failed attempts). */
export async function failFeedRun(runId: string, error: string | null) {
  const db = await getDb();
  await db
    .update(catalogFeedRuns)
    .set({
      status: "failed",
      error: (error ?? FEED_MSG.failed).slice(0, 1000),
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(catalogFeedRuns.id, runId));
}
