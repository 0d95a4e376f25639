import { env } from "@/lib/env";
import { SCRAPE_CANCELLED } from "./job-events";
import { JobRunner } from "./job-runner";
import { sendJobEvents } from "./send-job-events";

/** Stops a cancelled task wherever it runs: aborts it in this process, or cancels its Inngest run. */
export async function signalTaskCancelled(taskId: string): Promise<void> {
  JobRunner.abortEverywhere(taskId);
  if (env.inngestEnabled) {
    await sendJobEvents({ name: SCRAPE_CANCELLED, data: { taskId } });
  }
}
