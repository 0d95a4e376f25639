import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";

/** Puts a task this worker claimed back in the queue untouched (server shutdown). */
export async function releaseTask(taskId: string, workerId: string, db?: DbLike): Promise<void> {
  const conn = db ?? (await getDb());
  await conn
    .update(scrapeTasks)
    .set({ status: "pending", lockedBy: null, leaseUntil: null, startedAt: null, updatedAt: sql`now()` })
    .where(and(eq(scrapeTasks.id, taskId), eq(scrapeTasks.status, "processing"), eq(scrapeTasks.lockedBy, workerId)));
}
