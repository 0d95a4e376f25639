// The public face of lib/jobs (how a job is defined and triggered, and how scrape tasks are queued and claimed): other
// domains import from here only (DESIGN §10).
export { claimTaskById } from "./claim-task-by-id";
export { claimRunnable, PER_USER_LIMIT, type TClaimedTask, type TTaskRow } from "./claim-tasks";
export { DISPATCHED, collectUndispatchedTasks } from "./collect-undispatched-tasks";
export {
  computeNextCheck,
  effectivePeriodMs,
  pageKeyOf,
  scheduleNewUrl,
  type TTrackingFrequency,
} from "./compute-next-check";
export { dailyRunDue } from "./daily-run-due";
export { concurrencyKeys, RetryLater, defineJob, type TJobDefinition, type TJobIo } from "./define-job";
export { dispatchTasks } from "./dispatch-tasks";
export { ACTIVE_TASK_STATUSES, findActiveTasks } from "./find-active-tasks";
export { inTransaction } from "./in-transaction";
export {
  CHANNEL_DELIVERY_REQUESTED,
  EVIDENCE_REQUESTED,
  FEED_RUN_REQUESTED,
  FLOOR_CHANGED,
  IMPORT_REQUESTED,
  PRICE_RECORDED,
  SCRAPE_CANCELLED,
  SCRAPE_REQUESTED,
} from "./job-events";
export { jobsOnInngest, registerJobWorkers, type TJobProvider } from "./job-provider";
export { purgeHistory } from "./purge-history";
export { recoverStuckTasks } from "./recover-stuck-tasks";
export { releaseTask } from "./release-task";
export { repairHostQueue, type THostQueueRepair } from "./repair-host-queue";
export { TASK_LEASE_MS, renewTaskLease } from "./renew-task-lease";
export { requestScrapes } from "./request-scrapes";
export { expandScrapeEvents, groupScrapeEvents, type TScrapeEvent } from "./scrape-event";
export { defaultRetryDelay } from "./retry-backoff";
export { signalTaskCancelled } from "./signal-task-cancelled";
export { sweepDueUrls } from "./sweep-due-urls";
export { triggerJob } from "./trigger-job";
