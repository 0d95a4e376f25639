import { recordAudit } from "@/lib/audit";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { products } from "@/db/schema";
import { inTransaction } from "@/lib/jobs";
import { triggerJob } from "@/lib/jobs";
import { getProduct } from "./get-product";
import { getProductOrThrow } from "./get-product-or-throw";
import { asDuplicateSku, identityColumns, replaceGtins } from "./identity/write-identity";
import type { TUpdateProductData } from "./schemas";

/** Updates one of the workspace's products; an absent field is left as it is. A new minimum advertised price
 * re-judges the latest readings against it (flags and their alerts) in a job once saved. Another product's SKU is a
 * 409. */
export async function updateProduct(workspaceId: string, productId: string, input: TUpdateProductData) {
  const db = await getDb();
  const before = await getProductOrThrow(workspaceId, productId, db);
  await inTransaction(async (tx) => {
    await tx
      .update(products)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.reference_price !== undefined ? { referencePrice: input.reference_price } : {}),
        ...(input.min_advertised_price !== undefined ? { minAdvertisedPrice: input.min_advertised_price } : {}),
        ...identityColumns(input),
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, productId), eq(products.workspaceId, workspaceId)));
    if (input.gtins !== undefined) await replaceGtins(tx, workspaceId, productId, input.gtins);
    await recordAudit(
      tx,
      workspaceId,
      "product.update",
      { type: "product", id: productId },
      { name: input.name ?? before.name, before: before.name },
    );
    if (input.min_advertised_price !== undefined && input.min_advertised_price !== before.minAdvertisedPrice)
      await triggerJob("evaluateFloorChange", { productId }, { tx });
  }).catch((error: unknown) => {
    throw asDuplicateSku(error);
  });
  return getProduct(workspaceId, productId, db);
}
