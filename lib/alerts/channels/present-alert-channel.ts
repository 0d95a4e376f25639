import type { alertChannels } from "@/db/schema";
import { ALERT_CHANNEL_KIND_LABELS } from "./schemas";

type TChannelRow = typeof alertChannels.$inferSelect;

/** The URL as shown back: Slack and Teams URLs are credentials, so only the host and the path's end. */
export function maskChannelUrl(raw: string): string {
  try {
    const url = new URL(raw);
    const path = url.pathname.length > 8 ? `/…${url.pathname.slice(-4)}` : url.pathname;
    return `${url.protocol}//${url.host}${path}`;
  } catch {
    return "";
  }
}

/** The API shape of a channel; the signing secret is never in it (only in the creation answer). */
export function presentAlertChannel(channel: TChannelRow) {
  return {
    id: channel.id,
    kind: channel.kind,
    kind_label: ALERT_CHANNEL_KIND_LABELS[channel.kind],
    name: channel.name,
    url: maskChannelUrl(channel.url),
    signed: channel.kind === "webhook",
    created_at: channel.createdAt,
  };
}

export type TAlertChannelView = ReturnType<typeof presentAlertChannel>;
