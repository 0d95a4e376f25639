import {
  collectUndispatchedTasks,
  defineJob,
  expandScrapeEvents,
  groupScrapeEvents,
  recoverStuckTasks,
  sweepDueUrls,
} from "@/lib/jobs";

// Events per fan-out step (one send to Inngest); a round's step output stays far below Inngest's limits.
const FAN_OUT_BATCH = 1000;
const ROUND_BATCHES = 10;
const BATCH = 500;
const MAX_ROUNDS = 40;

// Queue the due URLs in rounds of short transactions, each round's tasks announced in batches of events.
export const sweepDueUrlsJob = defineJob({
  id: "sweep-due-urls",
  name: "Planifier les URLs à vérifier",
  trigger: { everyMinute: true },
  concurrency: { limit: 1 },
  handler: async (_payload, io) => {
    let dispatched = 0;
    let fanOuts = 0;
    let recovered = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const step = await io.step(round === 0 ? "sweep" : `sweep-${round}`, async () => {
        const back = round === 0 ? await recoverStuckTasks() : 0;
        const { tasks: queued, rescheduled } = await sweepDueUrls({ batchSize: BATCH, maxBatches: ROUND_BATCHES });
        const more = rescheduled >= BATCH * ROUND_BATCHES;
        const waiting = more ? [] : await collectUndispatchedTasks();
        return { recovered: back, groups: groupScrapeEvents([...queued, ...waiting]), more };
      });
      recovered += step.recovered;
      const list = expandScrapeEvents(step.groups);
      for (let i = 0; i < list.length; i += FAN_OUT_BATCH) {
        await io.fanOut(`fan-out-${fanOuts++}`, "scrapeTask", list.slice(i, i + FAN_OUT_BATCH));
      }
      dispatched += list.length;
      if (!step.more) break;
    }
    return { dispatched, recovered };
  },
});
