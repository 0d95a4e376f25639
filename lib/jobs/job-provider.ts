// The one place that chooses where jobs run (DESIGN.md §3, §8): Inngest when its keys are set, else this process.
import { env } from "@/lib/env";
import type { TJobDefinition } from "./define-job";

export type TJobProvider = {
  /** Starts one run per payload (an event each for Inngest). */
  send(def: TJobDefinition, payloads: Record<string, unknown>[]): Promise<void>;
  /** Stops the run of `def` matching `payload` on its cancelOn field. */
  cancel(def: TJobDefinition, payload: Record<string, unknown>): Promise<void>;
};

// Inngest runs the jobs (events sent to it, functions served at /api/inngest); else the local runner does.
const jobsOnInngest = env.inngestEnabled;

/** /api/inngest serves the functions: Inngest configured, or its dev server asked for by the operator. */
export const servesInngest = env.inngestEnabled || env.INNGEST_DEV;

let chosen: Promise<TJobProvider> | null = null;

export function jobProvider(): Promise<TJobProvider> {
  chosen ??= jobsOnInngest
    ? import("./inngest-provider").then((m) => m.inngestProvider)
    : import("./local-jobs").then((m) => m.localJobs);
  return chosen;
}

/** Starts this process's worker: the local runner, unless Inngest runs the jobs. */
export async function startJobWorker(): Promise<void> {
  if (jobsOnInngest) return;
  const { startLocalRunner } = await import("./local-runner");
  startLocalRunner();
}
