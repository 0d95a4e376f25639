import type { Jsonify } from "@/client/jsonify";
import type { listAlertChannels } from "@/lib/alerts/channels/list-alert-channels";
import type { listChannelDeliveries } from "@/lib/alerts/channels/list-channel-deliveries";
import { API_KEYS } from "@/client/api-keys";
import { useResource } from "./use-resource";

export type TAlertChannels = Jsonify<Awaited<ReturnType<typeof listAlertChannels>>>;
export type TAlertChannel = TAlertChannels["channels"][number];
export type TChannelDeliveries = Jsonify<Awaited<ReturnType<typeof listChannelDeliveries>>>;
export type TChannelDelivery = TChannelDeliveries["deliveries"][number];

/** The user's alert channels (webhook, Slack, Teams), and whether the plan allows them. */
export function useAlertChannels() {
  return useResource<TAlertChannels>(API_KEYS.alertChannels, "Erreur lors de la récupération des canaux d'alerte");
}

/** The latest deliveries of one channel; `channelId: null` loads nothing. */
export function useChannelDeliveries(channelId: string | null) {
  return useResource<TChannelDeliveries>(
    channelId ? `/api/alert-channels/${channelId}/deliveries?limit=10` : null,
    "Erreur lors de la récupération du journal des envois",
  );
}
