import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { products } from "@/db/schema";
import { getProduct } from "./get-product";
import { getProductOrThrow } from "./get-product-or-throw";
import type { TUpdateProductData } from "./schemas";

/** Renames one of the owner's products; an absent description or reference price is left as it is. */
export async function updateProduct(userId: string, productId: string, input: TUpdateProductData) {
  const db = await getDb();
  await getProductOrThrow(userId, productId, db);
  await db
    .update(products)
    .set({
      name: input.name,
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.reference_price !== undefined ? { referencePrice: input.reference_price } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(products.id, productId), eq(products.userId, userId)));
  return getProduct(userId, productId, db);
}
