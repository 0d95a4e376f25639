import { recordAudit } from "@/lib/audit";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { products } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { getProductOrThrow } from "./get-product-or-throw";

/** Deletes one of the owner's products; its URLs, price history and scrape tasks go with it (FK cascades). */
export async function deleteProduct(workspaceId: string, productId: string) {
  const db = await getDb();
  await getProductOrThrow(workspaceId, productId, db);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(products)
      .where(and(eq(products.id, productId), eq(products.workspaceId, workspaceId)))
      .returning({ id: products.id, name: products.name });
    if (deleted.length === 0) throw new AppError("product_not_found");
    await recordAudit(
      tx,
      workspaceId,
      "product.delete",
      { type: "product", id: productId },
      { name: deleted[0]!.name },
    );
  });
  return { id: productId };
}
