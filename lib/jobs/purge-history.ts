import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbLike } from "@/db";
import { retentionByWorkspace } from "@/lib/billing";
import { purgeRateLimits } from "@/lib/core/rate-limit";

const RETENTION = retentionByWorkspace("history_retention_days");

/**
 * Deletes price history and 'dossiers de preuve' older than the workspace's plan retention (null = unlimited; a
 * lapsed subscription falls back to Freemium, as getWorkspacePlan does), finished tasks older than 90 days and
 * rate-limit counters whose window is over, and the data-health rollup's days older than a month. Idempotent.
 */
export async function purgeHistory(
  options: { db?: DbLike } = {},
): Promise<{ history: number; evidence: number; tasks: number; checkDays: number; rateLimits: number }> {
  const db = options.db ?? (await getDb());
  const history = await queryRows<{ id: number }>(
    db,
    sql`with retention as (${RETENTION})
        delete from price_history ph
        using product_urls pu, retention r
        where ph.url_id = pu.id and pu.workspace_id = r.workspace_id and r.days is not null
          and ph.created_at < now() - make_interval(days => r.days)
        returning ph.id`,
  );
  const evidence = await queryRows<{ id: string }>(
    db,
    sql`with retention as (${RETENTION})
        delete from evidence_captures e
        using retention r
        where e.workspace_id = r.workspace_id and r.days is not null
          and e.created_at < now() - make_interval(days => r.days)
        returning e.id`,
  );
  const tasks = await queryRows<{ id: string }>(
    db,
    sql`delete from scrape_tasks
        where status in ('completed', 'failed', 'cancelled') and created_at < now() - interval '90 days'
        returning id`,
  );
  // the data-health screen reads 7 days of its rollup (lib/health/get-health-summary.ts)
  const checkDays = await queryRows<{ day: string }>(
    db,
    sql`delete from shop_check_days where day < current_date - 31 returning day`,
  );
  const rateLimits = await purgeRateLimits({ db });
  return {
    history: history.length,
    evidence: evidence.length,
    tasks: tasks.length,
    checkDays: checkDays.length,
    rateLimits,
  };
}
