import { inngest } from "@/lib/jobs/inngest-client";
import { inngestOptions } from "@/lib/jobs/inngest-options";
import { JOBS } from "@/lib/jobs/job-definitions";

// Every minute: the channel messages whose next attempt is due (retries with backoff, missed first sends).
export const retryChannelDeliveriesFn = inngest.createFunction(
  inngestOptions(JOBS.retryChannelDeliveries),
  async ({ step }) => step.run("deliver-due", () => JOBS.retryChannelDeliveries.run({})),
);
