import type { Jsonify } from "@/client/jsonify";
import type { getHealthSummary } from "@/lib/health/get-health-summary";
import type { listHealthUrls } from "@/lib/health/list-health-urls";
import { API_KEYS } from "@/client/api-keys";
import { useResource } from "./use-resource";

export type THealthSummaryView = Jsonify<Awaited<ReturnType<typeof getHealthSummary>>>;
export type THealthUrlsView = Jsonify<Awaited<ReturnType<typeof listHealthUrls>>>;

/** Counts per state, the freshness figure and the per-shop table. */
export function useHealthSummary() {
  return useResource<THealthSummaryView>(API_KEYS.dataHealth, "Erreur lors de la récupération de la santé des données");
}

/** One page of URLs with their state (`path` carries the filters and the cursor). */
export function useHealthUrls(path: string) {
  return useResource<THealthUrlsView>(path, "Erreur lors de la récupération des URLs");
}
