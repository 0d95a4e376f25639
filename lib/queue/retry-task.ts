import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { isUniqueViolation } from "@/lib/core/is-unique-violation";
import { dispatchTasks } from "@/lib/jobs";
import { findActiveTasks } from "@/lib/jobs";
import { getTaskOrThrow } from "./get-task-or-throw";
import { presentTask } from "./present-task";
import { MANUAL_SCRAPE_LIMIT } from "./request-url-scrape";

/**
 * Puts a failed or cancelled task back to 'pending' (retry_count + 1), to run at once. A completed or
 * still waiting task is re-run only with `force`; a running one never (409). When another task of its URL
 * is waiting or running, that one is answered (`created: false`): one reading per request.
 */
export async function retryTask(workspaceId: string, taskId: string, force: boolean) {
  const db = await getDb();
  const task = await getTaskOrThrow(workspaceId, taskId, db);
  if (task.status === "processing") throw new AppError("task_running");
  if (!force && (task.status === "completed" || task.status === "pending" || task.status === "retry")) {
    throw new AppError(task.status === "completed" ? "task_already_completed" : "task_already_pending");
  }
  const busy = task.urlId ? await findOtherActiveTask(task.urlId, task.id) : null;
  if (busy) return { ...presentTask(busy), created: false };
  await rateLimit(`scrape:${workspaceId}`, MANUAL_SCRAPE_LIMIT, 60_000);
  const row = await db
    .update(scrapeTasks)
    .set({
      status: "pending",
      retryCount: sql`${scrapeTasks.retryCount} + 1`,
      runAt: sql`now()`,
      lockedBy: null,
      startedAt: null,
      finishedAt: null,
      error: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(scrapeTasks.id, taskId),
        inArray(scrapeTasks.status, ["failed", "cancelled", "completed", "pending", "retry"]),
      ),
    )
    .returning()
    .then(
      ([r]) => r,
      async (error: unknown) => {
        // another scrape of this URL was queued meanwhile (one waiting or running task per URL)
        const winner = isUniqueViolation(error) && task.urlId ? await findOtherActiveTask(task.urlId, task.id) : null;
        if (!winner) throw error;
        return winner;
      },
    );
  if (!row) throw new AppError("task_running");
  if (row.id !== task.id) return { ...presentTask(row), created: false };
  await dispatchTasks([row]);
  return { ...presentTask(row), created: true };
}

async function findOtherActiveTask(urlId: string, taskId: string) {
  const [active] = await findActiveTasks([urlId], { exceptTaskId: taskId });
  return active ?? null;
}
