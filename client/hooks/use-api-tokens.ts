import type { Jsonify } from "@/client/jsonify";
import type { listApiTokens } from "@/lib/api-tokens/list-api-tokens";
import { API_KEYS } from "@/client/api-keys";
import { useResource } from "./use-resource";

export type TApiTokens = Jsonify<Awaited<ReturnType<typeof listApiTokens>>>;

/** The user's integration tokens, and whether the plan allows creating one. */
export function useApiTokens() {
  return useResource<TApiTokens>(API_KEYS.apiTokens, "Erreur lors de la récupération des jetons d'API");
}
