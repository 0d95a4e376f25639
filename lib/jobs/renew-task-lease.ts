import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";

/**
 * A claimed task's lease: its worker renews it every third of it while the task runs; once it has passed,
 * recoverStuckTasks puts the task back in the queue (the worker died). Recovery runs every 10 s in the
 * in-process runner, so a dead worker's task is runnable again within about 30 s.
 */
export const TASK_LEASE_MS = 20_000;

/** Extends the lease of a task this worker still runs; false when it is no longer its own. */
export async function renewTaskLease(
  taskId: string,
  workerId: string,
  leaseMs: number = TASK_LEASE_MS,
  db?: DbLike,
): Promise<boolean> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .update(scrapeTasks)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(scrapeTasks.id, taskId), eq(scrapeTasks.status, "processing"), eq(scrapeTasks.lockedBy, workerId)))
    .returning({ id: scrapeTasks.id });
  return rows.length > 0;
}
