import type { Jsonify } from "@/client/jsonify";
import type { getProductComparison } from "@/lib/history/get-product-comparison";
import { useResource } from "./use-resource";

export type TComparison = Jsonify<Awaited<ReturnType<typeof getProductComparison>>>;

/** The current price at each merchant of a product, with min / average / max and the gaps. */
export function usePriceComparison(productId: string) {
  return useResource<TComparison>(
    `/api/products/${encodeURIComponent(productId)}/comparison`,
    "Erreur lors de la récupération de la comparaison des prix",
  );
}
