import { expireDueDemoSubscriptions } from "@/lib/billing";
import { defineJob } from "@/lib/jobs";
import { purgeHistory } from "@/lib/jobs";

// Daily maintenance: demo subscriptions whose paid period is over take their scheduled plan (Freemium or a
// cheaper one) even if nobody reads them, then price history and evidence captures beyond each workspace's plan
// retention are deleted.
export const purgeHistoryJob = defineJob({
  id: "purge-history",
  name: "Purger l'historique expiré",
  trigger: { daily: { hour: 3, minute: 30 } },
  handler: async (_payload, io) => {
    const demoSubscriptions = await io.step("expire-demo-subscriptions", () => expireDueDemoSubscriptions());
    return { demoSubscriptions, ...(await io.step("purge", () => purgeHistory())) };
  },
});
