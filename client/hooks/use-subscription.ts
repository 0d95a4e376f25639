import type { Subscription } from "@/components/billing/types";
import { API_KEYS } from "@/client/api-keys";
import { useResource } from "./use-resource";

export const SUBSCRIPTION_KEY = API_KEYS.subscription;

/** The signed-in user's subscription (null: none, the server applies Freemium); one cached request for every reader. */
export function useSubscription(enabled = true) {
  return useResource<Subscription>(enabled ? SUBSCRIPTION_KEY : null, "Erreur lors de la récupération de l'abonnement");
}
