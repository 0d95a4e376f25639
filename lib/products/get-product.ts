import { getDb, type DbLike } from "@/db";
import { notFound } from "@/lib/http/api-error";
import { PRODUCT_NOT_FOUND } from "./get-product-or-throw";
import { queryProducts } from "./query-products";

/** One of the owner's products with its URLs and their latest prices (one query, scoped by owner); 404 otherwise. */
export async function getProduct(workspaceId: string, productId: string, db?: DbLike) {
  const conn = db ?? (await getDb());
  const [product] = await queryProducts(conn, workspaceId, { productId });
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}
