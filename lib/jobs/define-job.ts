// The shape of every background job (DESIGN.md §8): one file under lib/workers/definitions, listed in registry.ts.

/** Daily times are Paris wall-clock times. */
export type TJobTrigger = { event: string } | { everyMinute: true } | { daily: { hour: number; minute: number } };

/** What a handler may do besides plain code; both providers implement it (inngest/index.ts, local-jobs.ts). */
export type TJobIo = {
  /** A step runs at most once per run: a retry of the run resumes after the steps that succeeded. */
  step<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Waits without holding anything: Inngest resumes the run later, the local provider schedules a timer. */
  sleep(name: string, ms: number): Promise<void>;
  /** Triggers another job once per payload, as one step. */
  fanOut(name: string, job: string, payloads: Record<string, unknown>[]): Promise<void>;
  /** The run's id (stable across retries). */
  runId: string;
};

export type TConcurrencyKey = { key: string; limit: number };

export type TJobDefinition<P extends Record<string, unknown> = Record<string, unknown>> = {
  id: string;
  name: string;
  trigger: TJobTrigger;
  /**
   * `limit` runs at once in all; `per` bounds the runs sharing one value of a payload field (e.g. a host).
   * Inngest takes two constraints: a total with one key, or two keys without a total.
   */
  concurrency?:
    | { limit: number; per?: TConcurrencyKey }
    | { limit?: undefined; per: [TConcurrencyKey, TConcurrencyKey] };
  /** Retries after the first attempt. */
  retries?: number;
  /** Payload field making a second trigger for the same value a no-op. */
  idempotencyKey?: string;
  /** Event that cancels a run, matched on this payload field. */
  cancelOn?: { event: string; match: string };
  /**
   * The payload names a row of this table, which is the local queue: the local runner claims those rows
   * itself (per-host and per-tenant fairness), so a local trigger only wakes it.
   */
  localQueue?: "scrape_tasks";
  handler(payload: P, io: TJobIo): Promise<unknown>;
  /**
   * After the last attempt failed (Inngest's onFailure; the local provider after its last retry): hands back
   * what the run `runId` still holds.
   */
  onGiveUp?(payload: P, run: { runId: string; error: string }): Promise<void>;
};

/** A failure to retry after `retryInMs` (Inngest's RetryAfterError; the local provider waits that long). */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryInMs: number,
  ) {
    super(message);
  }
}

/** The job's per-field limits (none, one or two). */
export function concurrencyKeys(def: Pick<TJobDefinition, "concurrency">): TConcurrencyKey[] {
  const per = def.concurrency?.per;
  return per === undefined ? [] : Array.isArray(per) ? per : [per];
}

/** Keeps the trigger's own type (a daily job's time is read by the local runner and the tests). */
export function defineJob<P extends Record<string, unknown>, T extends TJobTrigger = TJobTrigger>(
  def: TJobDefinition<P> & { trigger: T },
): TJobDefinition<P> & { trigger: T } {
  return def;
}
