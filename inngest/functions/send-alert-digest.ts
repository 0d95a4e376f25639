import { inngest } from "@/lib/jobs/inngest-client";
import { inngestOptions } from "@/lib/jobs/inngest-options";
import { JOBS } from "@/lib/jobs/job-definitions";

// Daily: one digest e-mail per user in digest mode, and a resend of instant alerts a crashed run left unsent.
// Safe to re-run.
export const sendAlertDigestFn = inngest.createFunction(inngestOptions(JOBS.sendAlertDigest), async ({ step }) =>
  step.run("send-digests", () => JOBS.sendAlertDigest.run({})),
);
