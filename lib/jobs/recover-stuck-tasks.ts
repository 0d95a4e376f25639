import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbLike } from "@/db";

/**
 * Tasks in 'processing' whose lease has passed (their worker died: a live one renews it), or without a
 * lease and older than `olderThanMs`, go back to 'retry' while attempts remain, else to 'failed'.
 * Safe to run from several processes at once.
 */
export async function recoverStuckTasks(options: { olderThanMs?: number; db?: DbLike } = {}): Promise<number> {
  const db = options.db ?? (await getDb());
  const seconds = Math.max(1, Math.round((options.olderThanMs ?? 5 * 60_000) / 1000));
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update scrape_tasks set
          status = case when retry_count < max_retries then 'retry' else 'failed' end,
          retry_count = case when retry_count < max_retries then retry_count + 1 else retry_count end,
          error = 'Tâche interrompue : le traitement a dépassé le délai maximal',
          finished_at = case when retry_count < max_retries then null else now() end,
          locked_by = null,
          lease_until = null,
          run_at = now(),
          updated_at = now()
        where status = 'processing'
          and (lease_until < now()
            or (lease_until is null and coalesce(started_at, updated_at) < now() - make_interval(secs => ${seconds})))
        returning id`,
  );
  return rows.length;
}
