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
export const jobsOnInngest = env.inngestEnabled;

/** /api/inngest serves the functions: Inngest configured, or its dev server asked for by the operator. */
export const servesInngest = env.inngestEnabled || env.INNGEST_DEV;

/**
 * What lib/workers hands over when it loads (DESIGN.md §8): the job list and the in-process provider. The domains
 * trigger jobs by name through this folder and never import the jobs' bodies, which import the domains.
 */
export type TJobWorkers = {
  jobs: Readonly<Record<string, TJobDefinition>>;
  localProvider: () => Promise<TJobProvider>;
};

// one per process, whichever bundle loaded lib/workers first (Next.js loads instrumentation.ts and the routes apart)
const slot = globalThis as unknown as { __veilleprixJobWorkers?: TJobWorkers };

/** Called by lib/workers/registry.ts when it loads: at server start, in the Inngest route, tests and scripts. */
export function registerJobWorkers(workers: TJobWorkers): void {
  slot.__veilleprixJobWorkers = workers;
}

function workers(): TJobWorkers {
  const found = slot.__veilleprixJobWorkers;
  if (!found) throw new Error("Aucun job enregistré : lib/workers n'a pas été chargé dans ce processus");
  return found;
}

/** The definition of the job listed as `name` in lib/workers/registry.ts. */
export function jobDefinition(name: string): TJobDefinition {
  const def = workers().jobs[name];
  if (!def) throw new Error(`Job inconnu : ${name}`);
  return def;
}

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
    jobsOnInngest ? import("./inngest-provider").then((m) => m.inngestProvider) : workers().localProvider()
  ).then((provider) => ({
    ...provider,
    send: async (def, payloads) => {
      if (!held.has(def.id)) await provider.send(def, payloads);
    },
  }));
  return chosen;
}
