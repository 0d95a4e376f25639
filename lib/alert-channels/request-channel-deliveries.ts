import { env } from "@/lib/env";
import { CHANNEL_DELIVERY_REQUESTED } from "@/lib/jobs/job-events";
import { sendJobEvents } from "@/lib/jobs/send-job-events";
import { deliverChannelMessages } from "./deliver-channel-messages";

/**
 * Starts sending the channel messages of alerts that just fired, without waiting for them (e-mail is
 * never held up): an Inngest event when Inngest is configured, else in this process. Whatever is missed
 * here is sent by the minute sweep (JOBS.retryChannelDeliveries).
 */
export function requestChannelDeliveries(alertEventIds: string[]): void {
  if (alertEventIds.length === 0) return;
  const run = env.inngestEnabled
    ? sendJobEvents({ name: CHANNEL_DELIVERY_REQUESTED, data: { alertEventIds } })
    : deliverChannelMessages({ alertEventIds });
  void run.catch((error: unknown) => console.error("[canaux] envoi des messages en échec", error));
}
