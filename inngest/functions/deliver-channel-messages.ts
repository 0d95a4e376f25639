import { deliverChannelMessages } from "@/lib/alert-channels/deliver-channel-messages";
import { inngest } from "@/lib/jobs/inngest-client";
import { inngestOptions } from "@/lib/jobs/inngest-options";
import { JOBS } from "@/lib/jobs/job-definitions";

// The channel messages (webhook, Slack, Teams) of alerts that just fired; failures are rescheduled on their rows.
export const deliverChannelMessagesFn = inngest.createFunction(
  inngestOptions(JOBS.deliverChannelMessages),
  async ({ event, step }) => {
    const ids = (event.data as Record<string, unknown>).alertEventIds;
    const alertEventIds = Array.isArray(ids) ? ids.map(String) : [];
    return step.run("deliver", () => deliverChannelMessages({ alertEventIds }));
  },
);
