import { getProduct } from "@/lib/products/get-product";

/** GET /api/products/{id}/urls: the product's tracked URLs with their latest prices. */
export async function listProductUrls(workspaceId: string, productId: string) {
  return (await getProduct(workspaceId, productId)).urls;
}
