import { RetryAfterError } from "inngest";
import { claimTaskById } from "@/lib/jobs/claim-task-by-id";
import { SCRAPE_CANCELLED, SCRAPE_REQUESTED } from "@/lib/jobs/dispatch-tasks";
import { runScrapeTask } from "@/lib/jobs/run-scrape-task";
import { inngest } from "../client";

// One scrape task. At most 2 runs per merchant host at once; a cancel event for the task stops the run;
// a retryable failure leaves the task in 'retry' and is retried by Inngest after the task's backoff.
export const scrapeTask = inngest.createFunction(
  {
    id: "scrape-task",
    name: "Scraper une URL",
    triggers: [{ event: SCRAPE_REQUESTED }],
    concurrency: [{ key: "event.data.host", limit: 2 }, { limit: 20 }],
    cancelOn: [{ event: SCRAPE_CANCELLED, if: "async.data.taskId == event.data.taskId" }],
    // Matches the task's max_retries (2): 3 attempts in all.
    retries: 2,
  },
  async ({ event, step, runId }) => {
    const taskId = String(event.data.taskId);
    return step.run("scrape", async () => {
      const workerId = `inngest:${runId}`;
      const task = await claimTaskById(taskId, workerId);
      if (!task) return { taskId, status: "skipped" as const };
      const outcome = await runScrapeTask(task, { workerId });
      if (outcome.status === "retry") throw new RetryAfterError(outcome.error.message, outcome.retryInMs);
      if (outcome.status === "completed") {
        return { taskId, status: outcome.status, priceHistoryId: outcome.priceHistoryId, price: outcome.result.price };
      }
      if (outcome.status === "failed") return { taskId, status: outcome.status, error: outcome.error.message };
      return { taskId, status: outcome.status };
    });
  },
);
