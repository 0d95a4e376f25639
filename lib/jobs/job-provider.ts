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

// jobs whose triggers are accepted and dropped: a test holds the jobs it does not test (tests/helpers)
const held = new Set<string>();

/** Tests: triggers of the jobs `ids` (definition ids) start no run from now on; `[]` runs them all again. */
export function holdJobs(ids: readonly string[]): void {
  held.clear();
  for (const id of ids) held.add(id);
}

export function jobProvider(): Promise<TJobProvider> {
  chosen ??= (
    jobsOnInngest
      ? import("./inngest-provider").then((m) => m.inngestProvider)
      : import("./local-jobs").then((m) => m.localJobs)
  ).then((provider) => ({
    ...provider,
    send: async (def, payloads) => {
      if (!held.has(def.id)) await provider.send(def, payloads);
    },
  }));
  return chosen;
}

/** Starts this process's worker: the local runner, unless Inngest runs the jobs. */
export async function startJobWorker(): Promise<void> {
  if (jobsOnInngest) return;
  const { startLocalRunner } = await import("./local-runner");
  startLocalRunner();
}
