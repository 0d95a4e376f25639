import type { Jsonify } from "@/client/jsonify";
import type { getAlertPreferences } from "@/lib/alerts/get-alert-preferences";
import { useResource } from "./use-resource";

export type TAlertPreferences = Jsonify<Awaited<ReturnType<typeof getAlertPreferences>>>;

/** Instant alerts or a daily digest, and whether the plan has e-mail alerts. */
export function useAlertPreferences() {
  return useResource<TAlertPreferences>(
    "/api/users/me/alert-preferences",
    "Erreur lors de la récupération des préférences d'alerte",
  );
}
