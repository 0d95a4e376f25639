import { API_KEYS } from "@/client/api-keys";
import type { Jsonify } from "@/client/jsonify";
import type { listTeam } from "@/lib/team";
import { useResource } from "./use-resource";

export type TTeam = Jsonify<Awaited<ReturnType<typeof listTeam>>>;

/** The current workspace's members (and, for an owner, pending invitations and seats). */
export function useTeam() {
  return useResource<TTeam>(API_KEYS.team, "Erreur lors de la récupération de l'équipe");
}
