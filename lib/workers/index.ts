// The public face of lib/workers: the jobs' bodies (definitions/, one file a job, listed in registry.ts) and the
// in-process runner. Nothing in lib/ imports it: the server loads it at start (lib/start-server.ts), which registers
// the jobs with lib/jobs (DESIGN.md §8).
import { jobsOnInngest } from "@/lib/jobs";

export { JOBS, type TJobName, type TJobPayload } from "./registry";

/** Starts this process's worker: the local runner, unless Inngest runs the jobs. */
export async function startJobWorker(): Promise<void> {
  if (jobsOnInngest) return;
  const { startLocalRunner } = await import("./local-runner");
  startLocalRunner();
}
