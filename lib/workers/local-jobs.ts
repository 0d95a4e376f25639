// The local provider: jobs run in this process, detached from the request that triggered them.
import { randomUUID } from "node:crypto";
import { concurrencyKeys, RetryLater, type TJobDefinition, type TJobIo, type TJobProvider } from "@/lib/jobs";
import { JobRunner } from "./job-runner";
import { getLocalRunner } from "./local-runner";

type TPayload = Record<string, unknown>;

class Gate {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async take(): Promise<void> {
    if (this.running < this.limit) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }
  give(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}

type TStore = {
  inflight: Set<Promise<unknown>>;
  sleepers: Set<() => void>;
  gates: Map<string, Gate>;
  seen: Set<string>;
};

const store = ((globalThis as unknown as { __veilleprixLocalJobs?: TStore }).__veilleprixLocalJobs ??= {
  inflight: new Set(),
  sleepers: new Set(),
  gates: new Map(),
  seen: new Set(),
});

const SEEN_MAX = 10_000;

/** A timer, never a blocked request; `settleLocalJobs({ skipSleeps })` ends it early (tests). */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      store.sleepers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    store.sleepers.add(done);
  });
}

function gatesOf(def: TJobDefinition, payload: TPayload): Gate[] {
  const c = def.concurrency;
  if (!c) return [];
  // the keys' slots first: a run waiting for its key holds none of the job's (as on Inngest), so one key's
  // queued runs never hold up another key's
  const keys: [string, number][] = concurrencyKeys(def).map((k) => [
    `${def.id}:${k.key}:${String(payload[k.key])}`,
    k.limit,
  ]);
  if (c.limit !== undefined) keys.push([def.id, c.limit]);
  return keys.map(([key, limit]) => {
    let gate = store.gates.get(key);
    if (!gate) store.gates.set(key, (gate = new Gate(limit)));
    return gate;
  });
}

async function execute(def: TJobDefinition, payload: TPayload): Promise<unknown> {
  const gates = gatesOf(def, payload);
  for (const gate of gates) await gate.take();
  const done = new Map<string, unknown>();
  const once = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    if (!done.has(name)) done.set(name, await fn());
    return done.get(name) as T;
  };
  const io: TJobIo = {
    runId: `local:${randomUUID()}`,
    step: once,
    // a sleeping run holds no concurrency slot (as on Inngest, where only running steps count)
    sleep: (name, ms) =>
      once(name, async () => {
        for (const gate of gates) gate.give();
        try {
          await sleep(ms);
        } finally {
          for (const gate of gates) await gate.take();
        }
      }),
    fanOut: (name, job, payloads) =>
      once(name, async () => {
        const { JOBS } = await import("./registry");
        await localJobs.send(JOBS[job as keyof typeof JOBS] as TJobDefinition, payloads);
      }),
  };
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await def.handler(payload, io);
      } catch (error) {
        if (attempt >= (def.retries ?? 0)) {
          const message = error instanceof Error ? error.message : String(error);
          await def.onGiveUp?.(payload, { runId: io.runId, error: message });
          throw error;
        }
        await sleep(error instanceof RetryLater ? error.retryInMs : 1000 * 4 ** attempt);
      }
    }
  } finally {
    for (const gate of [...gates].reverse()) gate.give();
  }
}

/** Starts a run of `def` in this process; the promise settles with the run (the cron of the local runner). */
export function runLocalJob(def: TJobDefinition, payload: TPayload): Promise<unknown> {
  const run = execute(def, payload).catch((error: unknown) => console.error(`[jobs] ${def.id} en échec`, error));
  store.inflight.add(run);
  void run.finally(() => store.inflight.delete(run));
  return run;
}

export const localJobs: TJobProvider = {
  async send(def, payloads) {
    if (def.localQueue) {
      void getLocalRunner()?.wake();
      return;
    }
    for (const payload of payloads) {
      if (def.idempotencyKey) {
        const key = `${def.id}:${String(payload[def.idempotencyKey])}`;
        if (store.seen.has(key)) continue;
        if (store.seen.size >= SEEN_MAX) store.seen.clear();
        store.seen.add(key);
      }
      void runLocalJob(def, payload);
    }
  },
  async cancel(def, payload) {
    if (def.localQueue && def.cancelOn) JobRunner.abortEverywhere(String(payload[def.cancelOn.match]));
  },
};

/** How many local runs are sleeping (tests). */
export function countLocalSleeps(): number {
  return store.sleepers.size;
}

/** Resolves when no local run is left; `skipSleeps` ends their sleeps at once (tests, as Inngest's test engine). */
export async function settleLocalJobs(options: { skipSleeps?: boolean } = {}): Promise<void> {
  while (store.inflight.size > 0) {
    if (options.skipSleeps) for (const wake of [...store.sleepers]) wake();
    await Promise.race([Promise.allSettled([...store.inflight]), sleep(10)]);
  }
}

/** Tests: forgets the runs of this process once they are over (idempotency keys, concurrency slots). */
export function forgetLocalJobs(): void {
  if (store.inflight.size > 0) throw new Error("forgetLocalJobs: des exécutions sont encore en cours");
  store.seen.clear();
  store.gates.clear();
}
