import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ACTIVE_TASK_STATUSES } from "@/lib/jobs";
import { signalTaskCancelled } from "@/lib/jobs";
import { getTaskOrThrow } from "./get-task-or-throw";
import { presentTask } from "./present-task";

/** Cancels a waiting or running task; a running scrape is aborted and writes nothing. Finished tasks: 409. */
export async function cancelTask(workspaceId: string, taskId: string) {
  const db = await getDb();
  await getTaskOrThrow(workspaceId, taskId, db);
  const [row] = await db
    .update(scrapeTasks)
    .set({ status: "cancelled", finishedAt: sql`now()`, updatedAt: sql`now()`, error: "Annulée par l'utilisateur" })
    .where(
      and(
        eq(scrapeTasks.id, taskId),
        eq(scrapeTasks.workspaceId, workspaceId),
        inArray(scrapeTasks.status, [...ACTIVE_TASK_STATUSES]),
      ),
    )
    .returning();
  if (!row) throw new AppError("task_finished");
  await signalTaskCancelled(taskId).catch((error: unknown) =>
    console.error("[queue] signal d'annulation en échec", error),
  );
  return presentTask(row);
}
