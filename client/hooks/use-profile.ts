import type { Profile } from "@/components/dashboard/types";
import { API_KEYS } from "@/client/api-keys";
import { useResource } from "./use-resource";

/** The signed-in user's profile. */
export function useProfile() {
  return useResource<Profile>(API_KEYS.profile, "Échec de la récupération du profil");
}
