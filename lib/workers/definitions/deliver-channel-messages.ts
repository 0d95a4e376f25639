import { deliverChannelMessages } from "@/lib/alerts";
import { defineJob } from "@/lib/jobs";
import { CHANNEL_DELIVERY_REQUESTED } from "@/lib/jobs";

// The channel messages (webhook, Slack, Teams) of alerts that just fired. Each delivery row carries its own
// attempts and backoff: these retries only cover a crash of the run.
export const deliverChannelMessagesJob = defineJob<{ alertEventIds: string[] }>({
  id: "deliver-channel-messages",
  name: "Envoyer les messages des canaux d'alerte",
  trigger: { event: CHANNEL_DELIVERY_REQUESTED },
  concurrency: { limit: 10 },
  retries: 2,
  handler: ({ alertEventIds }, io) =>
    io.step("deliver", () =>
      deliverChannelMessages({ alertEventIds: Array.isArray(alertEventIds) ? alertEventIds.map(String) : [] }),
    ),
});
