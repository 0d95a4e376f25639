import { defineJob, repairHostQueue } from "@/lib/jobs";

// Every minute: host_politeness' counts of waiting tasks checked against scrape_tasks, drift repaired and logged.
export const repairHostQueueJob = defineJob({
  id: "repair-host-queue",
  name: "Vérifier les files d'attente par boutique",
  trigger: { everyMinute: true },
  concurrency: { limit: 1 },
  handler: async (_payload, io) => {
    const repaired = await io.step("repair", () => repairHostQueue());
    return { repaired: repaired.map((r) => r.host) };
  },
});
