import type { TJobDefinition, TJobTrigger } from "./define-job";

type TRetries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

function trigger(t: TJobTrigger): { event: string } | { cron: string } {
  if ("event" in t) return { event: t.event };
  if ("everyMinute" in t) return { cron: "* * * * *" };
  return { cron: `TZ=Europe/Paris ${t.daily.minute} ${t.daily.hour} * * *` };
}

/** A job definition as Inngest's createFunction options. */
export function inngestOptions(def: TJobDefinition) {
  const { concurrency, cancelOn } = def;
  return {
    id: def.id,
    name: def.name,
    triggers: [trigger(def.trigger)],
    ...(concurrency && {
      concurrency: concurrency.per
        ? ([
            { key: `event.data.${concurrency.per.key}`, limit: concurrency.per.limit },
            { limit: concurrency.limit },
          ] as [{ key: string; limit: number }, { limit: number }])
        : { limit: concurrency.limit },
    }),
    ...(cancelOn && {
      cancelOn: [{ event: cancelOn.event, if: `async.data.${cancelOn.match} == event.data.${cancelOn.match}` }],
    }),
    ...(def.idempotencyKey && { idempotency: `event.data.${def.idempotencyKey}` }),
    ...(def.retries !== undefined && { retries: def.retries as TRetries }),
  };
}
