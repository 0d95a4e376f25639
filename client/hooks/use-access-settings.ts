import type { Jsonify } from "@/client/jsonify";
import type { getAccessSettings } from "@/lib/fetching/access-settings";
import { API_KEYS } from "@/client/api-keys";
import { useResource } from "./use-resource";

export type TAccessSettingsView = Jsonify<Awaited<ReturnType<typeof getAccessSettings>>>;

/** The workspace's access to shops (never its secrets) and the month's paid usage. */
export function useAccessSettings() {
  return useResource<TAccessSettingsView>(API_KEYS.access, "Erreur lors de la récupération de l'accès aux sites");
}
