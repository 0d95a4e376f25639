import { and, eq } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { products } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PRODUCT_NOT_FOUND = "Produit introuvable";

/** The owner's product row; a malformed id, a missing product and another user's product are the same 404. */
export async function getProductOrThrow(userId: string, productId: string, db?: DbLike) {
  if (!UUID.test(productId)) throw notFound(PRODUCT_NOT_FOUND);
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.userId, userId)))
    .limit(1);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}
