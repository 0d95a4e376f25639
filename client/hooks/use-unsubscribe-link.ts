import type { Jsonify } from "@/client/jsonify";
import type { readUnsubscribeToken } from "@/lib/alerts/unsubscribe/read-unsubscribe-token";
import { useResource } from "./use-resource";

export type TUnsubscribeLink = Jsonify<Awaited<ReturnType<typeof readUnsubscribeToken>>>;

/** What a signed unsubscribe link names (no change); `token: ""` skips the call. */
export function useUnsubscribeLink(token: string) {
  return useResource<TUnsubscribeLink>(
    token ? `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}` : null,
    "Lien de désabonnement invalide",
  );
}
