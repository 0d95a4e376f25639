import { sendScheduledReports } from "@/lib/reports";
import { defineJob } from "@/lib/jobs";

// Daily: the weekly or daily report of each subscriber, once per period (report_sends): a re-run sends only
// what is missing.
export const sendScheduledReportsJob = defineJob({
  id: "send-scheduled-reports",
  name: "Envoyer les rapports programmés",
  trigger: { daily: { hour: 7, minute: 0 } },
  retries: 3,
  handler: (_payload, io) => io.step("send-reports", () => sendScheduledReports({})),
});
