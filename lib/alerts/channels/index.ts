// Alert channels (webhook, Slack, Teams): what the rest of lib/alerts uses of them; lib/alerts/index.ts re-exports it.
export { createAlertChannel } from "./create-alert-channel";
export { deleteAlertChannel } from "./delete-alert-channel";
export { deliverChannelMessages } from "./deliver-channel-messages";
export { enqueueChannelDeliveries } from "./enqueue-channel-deliveries";
export { listAlertChannels } from "./list-alert-channels";
export { listChannelDeliveries } from "./list-channel-deliveries";
export { listRuleChannelIds } from "./list-rule-channel-ids";
export { sendChannelTest } from "./send-channel-test";
export { setRuleChannels } from "./set-rule-channels";
export { REPLAY_WINDOW_SECONDS, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./sign-webhook";
