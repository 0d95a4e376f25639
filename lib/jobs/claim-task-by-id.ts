import { sql } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";
import type { TTaskRow } from "./claim-tasks";
import { TASK_LEASE_MS } from "./renew-task-lease";

/** Claims one given task if it is still runnable (Inngest path); null when cancelled, done or taken. */
export async function claimTaskById(taskId: string, workerId: string, db?: DbLike): Promise<TTaskRow | null> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .update(scrapeTasks)
    .set({
      status: "processing",
      lockedBy: workerId,
      leaseUntil: sql`now() + make_interval(secs => ${TASK_LEASE_MS / 1000})`,
      startedAt: sql`now()`,
      finishedAt: null,
      updatedAt: sql`now()`,
    })
    .where(sql`${scrapeTasks.id} = ${taskId} and ${scrapeTasks.status} in ('pending', 'retry')`)
    .returning();
  return row ?? null;
}
