import { eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { catalogFeedRuns } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { inTransaction } from "./in-feed-transaction";
import { FEED_MSG } from "./messages";

export const GONE_REASON = "Absent du flux : le produit est conservé (rien n'est supprimé)";

/**
 * The run's last step, in one transaction: every product of the workspace with a SKU that no row of the feed
 * names is reported 'gone' (never deleted), and the run is done.
 */
export async function finishFeedRun(runId: string): Promise<void> {
  await inTransaction(async (tx) => {
    const [run] = await tx.select().from(catalogFeedRuns).where(eq(catalogFeedRuns.id, runId)).for("update");
    if (run?.status !== "running") return;
    const gone = await queryRows<{ idx: number }>(
      tx,
      sql`insert into catalog_feed_run_rows (run_id, workspace_id, idx, sku, name, outcome, reason, product_id)
          select ${runId}, p.workspace_id, ${run.total} + row_number() over (order by p.sku) - 1, p.sku, p.name,
                 'gone', ${GONE_REASON}, p.id
          from products p
          where p.workspace_id = ${run.workspaceId} and p.sku is not null
            and not exists (select 1 from catalog_feed_run_rows r where r.run_id = ${runId} and r.sku = p.sku)
          returning idx`,
    );
    const counts = { ...run.counts, gone: gone.length };
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
