import type { TJobDefinition } from "./define-job";
import { jobProvider } from "./job-provider";

/** Stops a cancelled task wherever it runs: aborts it in this process's runner, or cancels its Inngest run. */
export async function signalTaskCancelled(taskId: string): Promise<void> {
  const [{ JOBS }, provider] = await Promise.all([import("./registry"), jobProvider()]);
  await provider.cancel(JOBS.scrapeTask as TJobDefinition, { taskId });
}
