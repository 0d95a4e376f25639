import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { env } from "@/lib/env";
import {
  claimTaskById,
  DISPATCHED,
  defineJob,
  PER_USER_LIMIT,
  RetryLater,
  SCRAPE_CANCELLED,
  SCRAPE_REQUESTED,
  type TScrapeEvent,
} from "@/lib/jobs";
import { runScrapeTask } from "../run-scrape-task";

// A host's politeness may hold a task back a while: the run sleeps (holding nothing) and tries again.
const HOST_WAITS = 30;

/** Given up waiting for its host: the task stays queued, unannounced, for the next minute's sweep to announce. */
async function leaveForNextSweep(taskId: string) {
  const db = await getDb();
  await db
    .update(scrapeTasks)
    .set({ lockedBy: null, updatedAt: sql`now()` })
    .where(and(eq(scrapeTasks.id, taskId), inArray(scrapeTasks.status, ["pending", "retry"])));
}

/** A task this run retries after its backoff: marked announced, so that the sweep does not announce it again. */
async function keepAnnounced(taskId: string) {
  const db = await getDb();
  await db
    .update(scrapeTasks)
    .set({ lockedBy: DISPATCHED })
    .where(and(eq(scrapeTasks.id, taskId), eq(scrapeTasks.status, "retry"), isNull(scrapeTasks.lockedBy)));
}

/**
 * Inngest gave up on the run (its attempts spent): what it still holds goes back now rather than when its lease
 * passes. A task it was running (and the tasks following its fetch) goes to 'retry' while attempts remain, else
 * 'failed', as recoverStuckTasks does; a waiting task is left unannounced: the next sweep announces it again.
 */
async function handBack(taskId: string, workerId: string) {
  const db = await getDb();
  await db.execute(sql`update scrape_tasks set
      status = case when status <> 'processing' then status
        when retry_count < max_retries then 'retry' else 'failed' end,
      retry_count = case when status = 'processing' and retry_count < max_retries then retry_count + 1
        else retry_count end,
      error = case when status = 'processing' then 'Tâche interrompue : le traitement a échoué' else error end,
      finished_at = case when status = 'processing' and retry_count >= max_retries then now() else finished_at end,
      run_at = case when status = 'processing' then now() else run_at end,
      metadata = metadata - 'fetch_of',
      locked_by = null, lease_until = null, updated_at = now()
    where ((id = ${taskId} or metadata->>'fetch_of' = ${taskId}) and status = 'processing' and locked_by = ${workerId})
      or (id = ${taskId} and status in ('pending', 'retry'))`);
}

// One scrape task. A cancel event for the task stops the run; a retryable failure leaves the task in 'retry'
// and is retried after the task's backoff (the attempts are also bounded by the task's max_retries, 2).
export const scrapeTaskJob = defineJob<TScrapeEvent>({
  id: "scrape-task",
  name: "Scraper une URL",
  trigger: { event: SCRAPE_REQUESTED },
  // Inngest runs at most this many steps per host and per tenant; claimTaskById checks both again in the
  // database, where the local runner's tasks count too
  concurrency: {
    per: [
      { key: "host", limit: env.SCRAPER_HOST_CONCURRENCY },
      { key: "workspaceId", limit: PER_USER_LIMIT },
    ],
  },
  retries: 2,
  cancelOn: { event: SCRAPE_CANCELLED, match: "taskId" },
  localQueue: "scrape_tasks",
  onGiveUp: ({ taskId }, run) => handBack(String(taskId), `inngest:${run.runId}`),
  handler: async ({ taskId }, io) => {
    for (let attempt = 0; ; attempt++) {
      const done = await io.step(attempt === 0 ? "scrape" : `scrape-${attempt}`, async () => {
        const workerId = `inngest:${io.runId}`;
        const claimed = await claimTaskById(String(taskId), workerId);
        if (!claimed.task) {
          if (claimed.waitMs === undefined) return { taskId, status: "skipped" as const };
          if (attempt < HOST_WAITS) return { wait: claimed.waitMs };
          await leaveForNextSweep(String(taskId));
          return { taskId, status: "deferred" as const };
        }
        const outcome = await runScrapeTask(claimed.task, { workerId });
        if (outcome.status === "retry") {
          await keepAnnounced(String(taskId));
          throw new RetryLater(outcome.error.message, outcome.retryInMs);
        }
        if (outcome.status === "completed") {
          return {
            taskId,
            status: outcome.status,
            priceHistoryId: outcome.priceHistoryId,
            price: outcome.result.price,
          };
        }
        if (outcome.status === "failed") return { taskId, status: outcome.status, error: outcome.error.message };
        return { taskId, status: outcome.status };
      });
      if (!("wait" in done)) return done;
      await io.sleep(`host-wait-${attempt}`, Number(done.wait));
    }
  },
});
