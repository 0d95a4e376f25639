import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { products } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { getProductOrThrow, PRODUCT_NOT_FOUND } from "@/lib/products/get-product-or-throw";

/** Sets or clears ("mon prix") the owner's reference price of a product; idempotent. */
export async function setReferencePrice(workspaceId: string, productId: string, referencePrice: string | null) {
  const db = await getDb();
  await getProductOrThrow(workspaceId, productId, db);
  const [row] = await db
    .update(products)
    .set({ referencePrice, updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), eq(products.workspaceId, workspaceId)))
    .returning({ id: products.id, referencePrice: products.referencePrice });
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return { id: row.id, reference_price: row.referencePrice };
}
