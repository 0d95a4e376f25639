import { deliverChannelMessagesFn } from "./functions/deliver-channel-messages";
import { evaluateAlertsFn } from "./functions/evaluate-alerts";
import { purgeHistoryFn } from "./functions/purge-history";
import { scrapeTask } from "./functions/scrape-task";
import { retryChannelDeliveriesFn } from "./functions/retry-channel-deliveries";
import { sendScheduledReportsFn } from "./functions/send-scheduled-reports";
import { sendAlertDigestFn } from "./functions/send-alert-digest";
import { sweepDueUrlsFn } from "./functions/sweep-due-urls";

export { inngest } from "@/lib/jobs/inngest-client";
export const functions = [
  sweepDueUrlsFn,
  scrapeTask,
  purgeHistoryFn,
  evaluateAlertsFn,
  sendAlertDigestFn,
  deliverChannelMessagesFn,
  retryChannelDeliveriesFn,
  sendScheduledReportsFn,
];
