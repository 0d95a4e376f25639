import { RetryAfterError } from "inngest";
import { claimTaskById } from "@/lib/jobs/claim-task-by-id";
import { runScrapeTask } from "@/lib/jobs/run-scrape-task";
import { inngest } from "@/lib/jobs/inngest-client";
import { inngestOptions } from "@/lib/jobs/inngest-options";
import { JOBS } from "@/lib/jobs/job-definitions";

// One scrape task. A cancel event for the task stops the run;
// a retryable failure leaves the task in 'retry' and is retried by Inngest after the task's backoff.
export const scrapeTask = inngest.createFunction(inngestOptions(JOBS.scrapeTask), async ({ event, step, runId }) => {
  const taskId = String((event.data as Record<string, unknown>).taskId);
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
});
