import { getDb } from "@/db";
import { queryProducts } from "./query-products";

/** GET /api/products: the owner's products with URLs and latest prices (one query). */
export async function listProducts(userId: string) {
  return queryProducts(await getDb(), userId);
}
