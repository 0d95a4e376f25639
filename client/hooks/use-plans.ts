import type { Plan } from "@/components/billing/types";
import { useResource } from "./use-resource";

/** The public plans list (SPEC.md §3); `fallbackData` when the page rendered it on the server. */
export function usePlans(fallbackData?: Plan[], enabled = true) {
  return useResource<Plan[]>(enabled ? "/api/subscriptions/plans" : null, "Erreur lors du chargement des plans", {
    fallbackData,
  });
}
