import { sendAlertDigests } from "@/lib/alerts";
import { defineJob } from "@/lib/jobs";

// Daily: one digest e-mail per user in digest mode, and a resend of instant alerts a crashed run left unsent.
// Safe to re-run.
export const sendAlertDigestJob = defineJob({
  id: "send-alert-digest",
  name: "Envoyer le résumé quotidien des alertes",
  trigger: { daily: { hour: 8, minute: 0 } },
  retries: 3,
  handler: (_payload, io) => io.step("send-digests", () => sendAlertDigests()),
});
