import { inngest } from "@/lib/jobs/inngest-client";
import { inngestOptions } from "@/lib/jobs/inngest-options";
import { JOBS } from "@/lib/jobs/job-definitions";

// Daily: the weekly or daily report of each subscriber, once per period. Safe to re-run.
export const sendScheduledReportsFn = inngest.createFunction(
  inngestOptions(JOBS.sendScheduledReports),
  async ({ step }) => step.run("send-reports", () => JOBS.sendScheduledReports.run({})),
);
