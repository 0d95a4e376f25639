import type { Jsonify } from "@/client/jsonify";
import type { getAlertPreferences } from "@/lib/alerts/preferences/get-alert-preferences";
import { API_KEYS } from "@/client/api-keys";
import { useResource } from "./use-resource";

export type TAlertPreferences = Jsonify<Awaited<ReturnType<typeof getAlertPreferences>>>;

/** Instant alerts or a daily digest, and whether the plan has e-mail alerts. */
export function useAlertPreferences() {
  return useResource<TAlertPreferences>(
    API_KEYS.alertPreferences,
    "Erreur lors de la récupération des préférences d'alerte",
  );
}
