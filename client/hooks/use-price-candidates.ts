import type { Jsonify } from "@/client/jsonify";
import type { listPriceCandidates } from "@/lib/price-picker/list-price-candidates";
import { useResource } from "./use-resource";

export type TPriceCandidates = Jsonify<Awaited<ReturnType<typeof listPriceCandidates>>>;

/** The prices found by a URL's last scrape, for the price picker. */
export function usePriceCandidates(productId: string, urlId: string) {
  return useResource<TPriceCandidates>(
    `/api/products/${productId}/urls/${urlId}/candidates`,
    "Erreur lors de la récupération des prix trouvés",
  );
}
