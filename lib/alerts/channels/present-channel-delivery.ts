import type { alertChannelDeliveries } from "@/db/schema";
import type { TChannelPayload } from "./build-channel-payload";

type TDeliveryRow = typeof alertChannelDeliveries.$inferSelect;

/** One line of a channel's delivery log. */
export function presentChannelDelivery(row: TDeliveryRow) {
  const payload = row.payload as TChannelPayload;
  return {
    id: row.id,
    channel_id: row.channelId,
    test: row.alertEventId === null,
    alert_event_id: row.alertEventId,
    summary: `${payload.alert.kind_label} : ${payload.alert.product_name}`,
    status: row.status,
    attempts: row.attempts,
    http_status: row.httpStatus,
    duration_ms: row.durationMs,
    error: row.error,
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt : null,
    sent_at: row.sentAt,
    created_at: row.createdAt,
  };
}
