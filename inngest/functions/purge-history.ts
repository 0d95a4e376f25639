import { purgeHistory } from "@/lib/jobs/purge-history";
import { inngest } from "../client";

// Daily: delete price history beyond each owner's plan retention.
export const purgeHistoryFn = inngest.createFunction(
  { id: "purge-history", name: "Purger l'historique expiré", triggers: [{ cron: "TZ=Europe/Paris 30 3 * * *" }] },
  async ({ step }) => step.run("purge", () => purgeHistory()),
);
