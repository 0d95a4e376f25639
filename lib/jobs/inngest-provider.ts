import type { TJobDefinition } from "./define-job";
import type { TJobProvider } from "./job-provider";

const BATCH = 500;

function eventOf(def: TJobDefinition): string {
  if (!("event" in def.trigger)) throw new Error(`La tâche ${def.id} n'est pas déclenchée par un événement`);
  return def.trigger.event;
}

/** Jobs as Inngest events; the SDK is loaded on first use. */
export const inngestProvider: TJobProvider = {
  async send(def, payloads) {
    const { inngest } = await import("./inngest-client");
    const name = eventOf(def);
    const key = def.idempotencyKey;
    for (let i = 0; i < payloads.length; i += BATCH) {
      // the id makes a re-sent event for the same key a no-op at Inngest
      await inngest.send(
        payloads.slice(i, i + BATCH).map((data) => ({ ...(key && { id: `${def.id}-${data[key]}` }), name, data })),
      );
    }
  },
  async cancel(def, payload) {
    if (!def.cancelOn) return;
    const { inngest } = await import("./inngest-client");
    const { event, match } = def.cancelOn;
    await inngest.send({ name: event, data: { [match]: payload[match] } });
  },
};
