import type { Profile } from "@/components/dashboard/types";
import { useResource } from "./use-resource";

/** The signed-in user's profile. */
export function useProfile() {
  return useResource<Profile>("/api/users/me", "Échec de la récupération du profil");
}
