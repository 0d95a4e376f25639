import { queryString } from "@/client/api-keys";
import type { Jsonify } from "@/client/jsonify";
import type { TChanges } from "@/lib/insights/get-changes";
import type { TMerchants } from "@/lib/insights/get-merchants";
import type { TOverview } from "@/lib/insights/get-overview";
import { useResource } from "./use-resource";

export type TOverviewData = Jsonify<TOverview>;
export type TMerchantsData = Jsonify<TMerchants>;
export type TChangesData = Jsonify<TChanges>;

export { queryString };

const keep = { keepPreviousData: true } as const;

/** The market overview (positions, index, trend); `fallbackData` is the server-rendered first answer. */
export function useMarketOverview(query: string, fallbackData?: TOverviewData) {
  return useResource<TOverviewData>(`/api/insights/overview${query}`, "Erreur lors du chargement de la vue marché", {
    ...keep,
    fallbackData,
  });
}

export function useMarketMerchants(query: string, fallbackData?: TMerchantsData) {
  return useResource<TMerchantsData>(`/api/insights/merchants${query}`, "Erreur lors du chargement des marchands", {
    ...keep,
    fallbackData,
  });
}

export function useMarketChanges(query: string, fallbackData?: TChangesData) {
  return useResource<TChangesData>(`/api/insights/changes${query}`, "Erreur lors du chargement des changements", {
    ...keep,
    fallbackData,
  });
}
