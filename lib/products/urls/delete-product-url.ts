import { recordAudit } from "@/lib/audit";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { getProductUrlOrThrow } from "./get-product-url-or-throw";

/** Deletes one of the owner's tracked URLs; its price history and scrape tasks go with it (FK cascades). */
export async function deleteProductUrl(workspaceId: string, productId: string, urlId: string) {
  const db = await getDb();
  await getProductUrlOrThrow(workspaceId, urlId, { productId, db });
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(productUrls)
      .where(
        and(eq(productUrls.id, urlId), eq(productUrls.productId, productId), eq(productUrls.workspaceId, workspaceId)),
      )
      .returning({ id: productUrls.id, url: productUrls.url });
    if (deleted.length === 0) throw new AppError("url_not_found");
    await recordAudit(
      tx,
      workspaceId,
      "url.delete",
      { type: "url", id: urlId },
      { product_id: productId, url: deleted[0]!.url },
    );
  });
  return { id: urlId };
}
