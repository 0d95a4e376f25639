import { collectUndispatchedTasks } from "@/lib/jobs/collect-undispatched-tasks";
import { inngest } from "@/lib/jobs/inngest-client";
import { inngestOptions } from "@/lib/jobs/inngest-options";
import { JOBS } from "@/lib/jobs/job-definitions";
import { SCRAPE_REQUESTED } from "@/lib/jobs/job-events";
import { hostOf } from "@/lib/jobs/job-runner";
import { recoverStuckTasks } from "@/lib/jobs/recover-stuck-tasks";
import { sweepDueUrls } from "@/lib/jobs/sweep-due-urls";

const FAN_OUT_BATCH = 200;

// Queue the due URLs, then fan out one scrape event per task, in batches.
export const sweepDueUrlsFn = inngest.createFunction(inngestOptions(JOBS.sweepDueUrls), async ({ step }) => {
  const tasks = await step.run("sweep", async () => {
    const recovered = await recoverStuckTasks();
    const { tasks: queued } = await sweepDueUrls();
    const waiting = await collectUndispatchedTasks();
    const all = [...queued, ...waiting].map((t) => ({ id: t.id, host: hostOf(t.url) }));
    return { recovered, list: all };
  });
  for (let i = 0; i < tasks.list.length; i += FAN_OUT_BATCH) {
    const batch = tasks.list.slice(i, i + FAN_OUT_BATCH);
    await step.sendEvent(
      `fan-out-${i / FAN_OUT_BATCH}`,
      batch.map((t) => ({ name: SCRAPE_REQUESTED, data: { taskId: t.id, host: t.host } })),
    );
  }
  return { dispatched: tasks.list.length, recovered: tasks.recovered };
});
