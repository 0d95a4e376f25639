// Every background job, one line each (DESIGN.md §8). Both providers read this list: inngest/index.ts builds
// the Inngest functions from it, the local runner its minute and daily schedule. Loading it registers the list
// with lib/jobs, where the domains trigger jobs by name.
import { registerJobWorkers } from "@/lib/jobs";
import { buildMarketTrendJob } from "./definitions/build-market-trend";
import { captureEvidenceJob } from "./definitions/capture-evidence";
import { deliverChannelMessagesJob } from "./definitions/deliver-channel-messages";
import { evaluateAlertsJob } from "./definitions/evaluate-alerts";
import { evaluateFloorChangeJob } from "./definitions/evaluate-floor-change";
import { foldMarketTalliesJob } from "./definitions/fold-market-tallies";
import { importProductsJob } from "./definitions/import-products";
import { maintainEmbeddedDatabaseJob } from "./definitions/maintain-embedded-database";
import { purgeAuditEventsJob } from "./definitions/purge-audit-events";
import { purgeHistoryJob } from "./definitions/purge-history";
import { refreshChangeSnapshotsJob } from "./definitions/refresh-change-snapshots";
import { repairHostQueueJob } from "./definitions/repair-host-queue";
import { resumeImportsJob } from "./definitions/resume-imports";
import { runFeedJob } from "./definitions/run-feed";
import { retryChannelDeliveriesJob } from "./definitions/retry-channel-deliveries";
import { scrapeTaskJob } from "./definitions/scrape-task";
import { sendAlertDigestJob } from "./definitions/send-alert-digest";
import { sendScheduledReportsJob } from "./definitions/send-scheduled-reports";
import { sweepDueUrlsJob } from "./definitions/sweep-due-urls";
import { sweepFeedsJob } from "./definitions/sweep-feeds";

export const JOBS = {
  sweepDueUrls: sweepDueUrlsJob,
  scrapeTask: scrapeTaskJob,
  purgeHistory: purgeHistoryJob,
  purgeAuditEvents: purgeAuditEventsJob,
  sendAlertDigest: sendAlertDigestJob,
  evaluateAlerts: evaluateAlertsJob,
  evaluateFloorChange: evaluateFloorChangeJob,
  deliverChannelMessages: deliverChannelMessagesJob,
  retryChannelDeliveries: retryChannelDeliveriesJob,
  sendScheduledReports: sendScheduledReportsJob,
  importProducts: importProductsJob,
  resumeImports: resumeImportsJob,
  captureEvidence: captureEvidenceJob,
  runFeed: runFeedJob,
  sweepFeeds: sweepFeedsJob,
  maintainEmbeddedDatabase: maintainEmbeddedDatabaseJob,
  buildMarketTrend: buildMarketTrendJob,
  repairHostQueue: repairHostQueueJob,
  foldMarketTallies: foldMarketTalliesJob,
  refreshChangeSnapshots: refreshChangeSnapshotsJob,
};

registerJobWorkers({ jobs: JOBS, localProvider: () => import("./local-jobs").then((m) => m.localJobs) });

export type TJobName = keyof typeof JOBS;
export type TJobPayload<N extends TJobName> = Parameters<(typeof JOBS)[N]["handler"]>[0];
