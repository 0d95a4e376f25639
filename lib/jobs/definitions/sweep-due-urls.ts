import { collectUndispatchedTasks } from "../collect-undispatched-tasks";
import { defineJob } from "../define-job";
import { hostOf } from "@/lib/products/urls/normalize-url";
import { recoverStuckTasks } from "../recover-stuck-tasks";
import { sweepDueUrls } from "../sweep-due-urls";

const FAN_OUT_BATCH = 200;

// Queue the due URLs, then start one scrape per task (and per task nobody announced), in batches.
export const sweepDueUrlsJob = defineJob({
  id: "sweep-due-urls",
  name: "Planifier les URLs à vérifier",
  trigger: { everyMinute: true },
  concurrency: { limit: 1 },
  handler: async (_payload, io) => {
    const tasks = await io.step("sweep", async () => {
      const recovered = await recoverStuckTasks();
      const { tasks: queued } = await sweepDueUrls();
      const waiting = await collectUndispatchedTasks();
      return { recovered, list: [...queued, ...waiting].map((t) => ({ taskId: t.id, host: hostOf(t.url) })) };
    });
    for (let i = 0; i < tasks.list.length; i += FAN_OUT_BATCH) {
      await io.fanOut(`fan-out-${i / FAN_OUT_BATCH}`, "scrapeTask", tasks.list.slice(i, i + FAN_OUT_BATCH));
    }
    return { dispatched: tasks.list.length, recovered: tasks.recovered };
  },
});
