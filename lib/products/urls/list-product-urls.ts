import { getProduct } from "@/lib/products/get-product";

/** GET /api/products/{id}/urls: the product's tracked URLs with their latest prices. */
export async function listProductUrls(userId: string, productId: string) {
  return (await getProduct(userId, productId)).urls;
}
