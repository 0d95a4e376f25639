// The Inngest provider's functions, built from the registry: one per job, no file per job (DESIGN.md §8).
import { RetryAfterError } from "inngest";
import { RetryLater, type TJobDefinition, type TJobIo } from "@/lib/jobs/define-job";
import { inngest } from "@/lib/jobs/inngest-client";
import { inngestOptions } from "@/lib/jobs/inngest-options";
import { JOBS } from "@/lib/workers/registry";

export { inngest };

function toInngestError(error: unknown): unknown {
  return error instanceof RetryLater ? new RetryAfterError(error.message, error.retryInMs) : error;
}

function eventName(job: string): string {
  const def = JOBS[job as keyof typeof JOBS] as TJobDefinition;
  if (!("event" in def.trigger)) throw new Error(`La tâche ${def.id} n'est pas déclenchée par un événement`);
  return def.trigger.event;
}

/** Inngest's onFailure for a job with onGiveUp: the failed run's id and payload are in the failure event. */
function giveUpOf(def: TJobDefinition) {
  const onGiveUp = def.onGiveUp;
  if (!onGiveUp) return {};
  return {
    onFailure: async ({
      event,
    }: {
      event: { data: { run_id: string; error?: { message?: string }; event: unknown } };
    }) => {
      const failed = event.data.event as { data?: Record<string, unknown> } | undefined;
      await onGiveUp(failed?.data ?? {}, { runId: event.data.run_id, error: event.data.error?.message ?? "" });
    },
  };
}

function functionOf(def: TJobDefinition) {
  return inngest.createFunction({ ...inngestOptions(def), ...giveUpOf(def) }, async ({ event, step, runId }) => {
    const io: TJobIo = {
      runId,
      step: (name, fn) =>
        step.run(name, async () => {
          try {
            return await fn();
          } catch (error) {
            throw toInngestError(error);
          }
        }) as never,
      sleep: async (name, ms) => {
        await step.sleep(name, ms);
      },
      fanOut: async (name, job, payloads) => {
        await step.sendEvent(
          name,
          payloads.map((data) => ({ name: eventName(job), data })),
        );
      },
    };
    try {
      return await def.handler((event?.data ?? {}) as Record<string, unknown>, io);
    } catch (error) {
      throw toInngestError(error);
    }
  });
}

export const functions = Object.values(JOBS).map((def) => functionOf(def as TJobDefinition));
