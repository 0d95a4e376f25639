import { cache } from "react";
import type { Jsonify } from "@/client/jsonify";
import { getProductComparison } from "@/lib/history";
import { AppError } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/core/is-uuid";
import { getProduct } from "./get-product";

export type TProductPageData = Jsonify<{
  product: Awaited<ReturnType<typeof getProduct>>;
  comparison: Awaited<ReturnType<typeof getProductComparison>>;
}>;

/**
 * The first data of a product's page or modal, as the API would answer it (the SWR hooks' fallbackData);
 * null for a malformed id, a missing product or another user's: the same not-found page for all three.
 * Cached per request: the page's title and its body read it once.
 */
export const loadProductPage = cache(async (workspaceId: string, rawId: string): Promise<TProductPageData | null> => {
  if (!isUuid(rawId)) return null;
  try {
    const [product, comparison] = await Promise.all([
      getProduct(workspaceId, rawId),
      getProductComparison(workspaceId, rawId),
    ]);
    // dates become ISO strings exactly as in the JSON answers the hooks would otherwise fetch
    return JSON.parse(JSON.stringify({ product, comparison })) as TProductPageData;
  } catch (error) {
    if (error instanceof AppError && error.code === "product_not_found") return null;
    throw error;
  }
});
