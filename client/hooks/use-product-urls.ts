import type { TUrlOption } from "@/components/alerts/types";
import { useResource } from "./use-resource";

/** The URLs of a product (for the alert rules' URL choice); `enabled: false` when the caller already has them. */
export function useProductUrls(productId: string, enabled = true) {
  return useResource<TUrlOption[]>(
    enabled ? `/api/products/${productId}/urls` : null,
    "Erreur lors de la récupération des URLs",
  );
}
