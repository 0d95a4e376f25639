import type { UserStats } from "@/components/dashboard/types";
import { useResource } from "./use-resource";

/** The dashboard's counts of products and active URLs. */
export function useUserStats() {
  return useResource<UserStats>("/api/users/me/stats", "Erreur lors de la récupération des statistiques");
}
