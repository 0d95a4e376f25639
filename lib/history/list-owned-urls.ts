import { and, asc, eq } from "drizzle-orm";
import type { DbLike } from "@/db";
import { productUrls } from "@/db/schema";

/** The tracked URLs of one of the owner's products, by source name (the caller has checked the product). */
export async function listOwnedUrls(db: DbLike, userId: string, productId: string) {
  return db
    .select({ id: productUrls.id, name: productUrls.name, url: productUrls.url, productId: productUrls.productId })
    .from(productUrls)
    .where(and(eq(productUrls.productId, productId), eq(productUrls.userId, userId)))
    .orderBy(asc(productUrls.name), asc(productUrls.createdAt), asc(productUrls.id));
}
