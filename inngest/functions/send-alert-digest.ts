import { sendAlertDigests } from "@/lib/alerts/send-alert-digests";
import { inngest } from "../client";

// Daily at 8:00 (Paris): one digest e-mail per user in digest mode, and a resend of instant alerts a
// crashed run left unsent. Safe to re-run.
export const sendAlertDigestFn = inngest.createFunction(
  { id: "send-alert-digest", name: "Envoyer le résumé quotidien des alertes", triggers: [{ cron: "TZ=Europe/Paris 0 8 * * *" }], retries: 3 },
  async ({ step }) => step.run("send-digests", () => sendAlertDigests()),
);
