import type { Jsonify } from "@/client/jsonify";
import type { TPriceFlagView } from "@/lib/flags/list-price-flags";
import type { TFlagKind } from "@/lib/flags/schemas";
import { useResource } from "./use-resource";

export type TPriceFlag = Jsonify<TPriceFlagView>;
export type TFlagsFilter = { kind?: TFlagKind | ""; productId?: string; status: "open" | "resolved" | "all" };

/** The promotion-check flags of the signed-in user (GET /api/insights/flags), newest first. */
export function usePriceFlags(filter: TFlagsFilter) {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.kind) query.set("kind", filter.kind);
  if (filter.productId) query.set("product_id", filter.productId);
  return useResource<TPriceFlag[]>(
    `/api/insights/flags?${query}`,
    "Erreur lors de la récupération des contrôles de promotion",
  );
}
