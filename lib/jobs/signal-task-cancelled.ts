import { jobDefinition, jobProvider } from "./job-provider";

/** Stops a cancelled task wherever it runs: aborts it in this process's runner, or cancels its Inngest run. */
export async function signalTaskCancelled(taskId: string): Promise<void> {
  const def = jobDefinition("scrapeTask");
  await (await jobProvider()).cancel(def, { taskId });
}
