import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { getProductUrlOrThrow, URL_NOT_FOUND } from "./get-product-url-or-throw";

/** Deletes one of the owner's tracked URLs; its price history and scrape tasks go with it (FK cascades). */
export async function deleteProductUrl(workspaceId: string, productId: string, urlId: string) {
  const db = await getDb();
  await getProductUrlOrThrow(workspaceId, urlId, productId, db);
  const deleted = await db
    .delete(productUrls)
    .where(
      and(eq(productUrls.id, urlId), eq(productUrls.productId, productId), eq(productUrls.workspaceId, workspaceId)),
    )
    .returning({ id: productUrls.id });
  if (deleted.length === 0) throw notFound(URL_NOT_FOUND);
  return { id: urlId };
}
