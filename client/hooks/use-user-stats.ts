import type { UserStats } from "@/components/dashboard/types";
import { API_KEYS } from "@/client/api-keys";
import { useResource } from "./use-resource";

/** The dashboard's counts of products and active URLs. */
export function useUserStats() {
  return useResource<UserStats>(API_KEYS.stats, "Erreur lors de la récupération des statistiques");
}
