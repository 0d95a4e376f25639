import { concurrencyKeys, type TJobDefinition, type TJobTrigger } from "./define-job";

type TRetries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

function trigger(t: TJobTrigger): { event: string } | { cron: string } {
  if ("event" in t) return { event: t.event };
  if ("everyMinute" in t) return { cron: "* * * * *" };
  return { cron: `TZ=Europe/Paris ${t.daily.minute} ${t.daily.hour} * * *` };
}

type TConstraint = { key?: string; limit: number };

function constraints(def: TJobDefinition): TConstraint | [TConstraint, TConstraint] {
  const keyed: TConstraint[] = concurrencyKeys(def).map((k) => ({ key: `event.data.${k.key}`, limit: k.limit }));
  const limit = def.concurrency?.limit;
  const all = limit === undefined ? keyed : [...keyed, { limit }];
  return all.length === 1 ? all[0]! : (all as [TConstraint, TConstraint]);
}

/** A job definition as Inngest's createFunction options. */
export function inngestOptions(def: TJobDefinition) {
  const { concurrency, cancelOn } = def;
  return {
    id: def.id,
    name: def.name,
    triggers: [trigger(def.trigger)],
    ...(concurrency && { concurrency: constraints(def) }),
    ...(cancelOn && {
      cancelOn: [{ event: cancelOn.event, if: `async.data.${cancelOn.match} == event.data.${cancelOn.match}` }],
    }),
    ...(def.idempotencyKey && { idempotency: `event.data.${def.idempotencyKey}` }),
    ...(def.retries !== undefined && { retries: def.retries as TRetries }),
  };
}
