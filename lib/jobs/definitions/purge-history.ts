import { defineJob } from "../define-job";
import { purgeHistory } from "../purge-history";

// Daily: delete price history and evidence captures beyond each workspace's plan retention.
export const purgeHistoryJob = defineJob({
  id: "purge-history",
  name: "Purger l'historique expiré",
  trigger: { daily: { hour: 3, minute: 30 } },
  handler: (_payload, io) => io.step("purge", () => purgeHistory()),
});
