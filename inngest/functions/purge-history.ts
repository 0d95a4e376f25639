import { inngest } from "@/lib/jobs/inngest-client";
import { inngestOptions } from "@/lib/jobs/inngest-options";
import { JOBS } from "@/lib/jobs/job-definitions";

// Daily: delete price history beyond each owner's plan retention.
export const purgeHistoryFn = inngest.createFunction(inngestOptions(JOBS.purgeHistory), async ({ step }) =>
  step.run("purge", () => JOBS.purgeHistory.run({})),
);
