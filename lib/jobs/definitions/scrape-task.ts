import { claimTaskById } from "../claim-task-by-id";
import { defineJob, RetryLater } from "../define-job";
import { SCRAPE_CANCELLED, SCRAPE_REQUESTED } from "../job-events";
import { runScrapeTask } from "../run-scrape-task";

// One scrape task. A cancel event for the task stops the run; a retryable failure leaves the task in 'retry'
// and is retried after the task's backoff (the attempts are also bounded by the task's max_retries, 2).
export const scrapeTaskJob = defineJob<{ taskId: string; host: string }>({
  id: "scrape-task",
  name: "Scraper une URL",
  trigger: { event: SCRAPE_REQUESTED },
  concurrency: { limit: 20, per: { key: "host", limit: 2 } },
  retries: 2,
  cancelOn: { event: SCRAPE_CANCELLED, match: "taskId" },
  localQueue: "scrape_tasks",
  handler: async ({ taskId }, io) =>
    io.step("scrape", async () => {
      const workerId = `inngest:${io.runId}`;
      const task = await claimTaskById(String(taskId), workerId);
      if (!task) return { taskId, status: "skipped" as const };
      const outcome = await runScrapeTask(task, { workerId });
      if (outcome.status === "retry") throw new RetryLater(outcome.error.message, outcome.retryInMs);
      if (outcome.status === "completed") {
        return { taskId, status: outcome.status, priceHistoryId: outcome.priceHistoryId, price: outcome.result.price };
      }
      if (outcome.status === "failed") return { taskId, status: outcome.status, error: outcome.error.message };
      return { taskId, status: outcome.status };
    }),
});
