import { env } from "@/lib/env";
import { SCRAPE_CANCELLED } from "./dispatch-tasks";
import { JobRunner } from "./job-runner";

/** Stops a cancelled task wherever it runs: aborts it in this process, or cancels its Inngest run. */
export async function signalTaskCancelled(taskId: string): Promise<void> {
  JobRunner.abortEverywhere(taskId);
  if (env.inngestEnabled) {
    const { inngest } = await import("@/inngest/client");
    await inngest.send({ name: SCRAPE_CANCELLED, data: { taskId } });
  }
}
