import type { Jsonify } from "@/client/jsonify";
import type { getProductComparison } from "@/lib/history/get-product-comparison";
import { useResource } from "./use-resource";

export type TComparison = Jsonify<Awaited<ReturnType<typeof getProductComparison>>>;

/** The current price at each merchant of a product, with min / average / max and the gaps (`fallbackData`: server-rendered). */
export function usePriceComparison(productId: string, fallbackData?: TComparison) {
  return useResource<TComparison>(
    `/api/products/${encodeURIComponent(productId)}/comparison`,
    "Erreur lors de la récupération de la comparaison des prix",
    { fallbackData },
  );
}
