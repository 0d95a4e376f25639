import type { TAlertEvent } from "@/components/alerts/types";
import { useResource } from "./use-resource";

/** The 20 latest alerts recorded for a product, newest first. */
export function useAlertEvents(productId: string) {
  return useResource<TAlertEvent[]>(
    `/api/products/${productId}/alert-events?limit=20`,
    "Erreur lors de la récupération de l'historique des alertes",
  );
}
