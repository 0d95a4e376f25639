import type { TAlertRulesResponse } from "@/components/alerts/types";
import { useResource } from "./use-resource";

/** A product's alert rules, with whether the plan allows e-mail alerts. */
export function useAlertRules(productId: string) {
  return useResource<TAlertRulesResponse>(
    `/api/products/${productId}/alerts`,
    "Erreur lors de la récupération des alertes",
  );
}
