import type { ProductSummary } from "@/components/products/types";
import { useResource } from "./use-resource";

/** The signed-in user's products for the grid. */
export function useProducts(enabled: boolean) {
  return useResource<ProductSummary[]>(enabled ? "/api/products" : null, "Erreur lors de la récupération des produits");
}
