import { deliverChannelMessages } from "@/lib/alerts";
import { defineJob } from "@/lib/jobs";

// Every minute: the channel messages whose next attempt is due (retries with backoff, missed first sends).
export const retryChannelDeliveriesJob = defineJob({
  id: "retry-channel-deliveries",
  name: "Relancer les messages des canaux d'alerte",
  trigger: { everyMinute: true },
  concurrency: { limit: 1 },
  handler: (_payload, io) => io.step("deliver-due", () => deliverChannelMessages({})),
});
