import type { DbLike } from "@/db";
import { afterCommit } from "./in-transaction";
import { jobDefinition, jobProvider } from "./job-provider";
import type { TJobName, TJobPayload } from "@/lib/workers";

export type TTriggerOptions = {
  /** Sends once this transaction commits (opened with inTransaction); nothing if it rolls back. */
  tx?: DbLike;
  /** Runs once the provider accepted the payloads. */
  onSent?: () => Promise<void>;
};

/**
 * Starts a run of job `name` per payload, on whichever provider runs the jobs. Never throws: a trigger the
 * provider refused is logged (the job's sweep, where it has one, catches up).
 */
export async function triggerJob<N extends TJobName>(
  name: N,
  payload: TJobPayload<N> | TJobPayload<N>[],
  options: TTriggerOptions = {},
): Promise<void> {
  const payloads = (Array.isArray(payload) ? payload : [payload]) as Record<string, unknown>[];
  if (payloads.length === 0) return;
  const send = async () => {
    try {
      const def = jobDefinition(name);
      await (await jobProvider()).send(def, payloads);
      await options.onSent?.();
    } catch (error) {
      console.error(`[jobs] déclenchement de ${name} en échec`, error);
    }
  };
  if (options.tx) await afterCommit(options.tx, send);
  else await send();
}
