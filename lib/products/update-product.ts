import { recordAudit } from "@/lib/audit/record-audit";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { products } from "@/db/schema";
import { evaluateFloorChange } from "@/lib/alerts/evaluation/evaluate-floor-change";
import { getProduct } from "./get-product";
import { getProductOrThrow } from "./get-product-or-throw";
import type { TUpdateProductData } from "./schemas";

/** Renames one of the owner's products; an absent description or price is left as it is. A new minimum
 * advertised price re-judges the latest readings against it (flags and their alerts). */
export async function updateProduct(workspaceId: string, productId: string, input: TUpdateProductData) {
  const db = await getDb();
  const before = await getProductOrThrow(workspaceId, productId, db);
  await db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({
        name: input.name,
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.reference_price !== undefined ? { referencePrice: input.reference_price } : {}),
        ...(input.min_advertised_price !== undefined ? { minAdvertisedPrice: input.min_advertised_price } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, productId), eq(products.workspaceId, workspaceId)));
    await recordAudit(
      tx,
      workspaceId,
      "product.update",
      { type: "product", id: productId },
      { name: input.name, before: before.name },
    );
  });
  if (input.min_advertised_price !== undefined && input.min_advertised_price !== before.minAdvertisedPrice) {
    await evaluateFloorChange(productId);
  }
  return getProduct(workspaceId, productId, db);
}
