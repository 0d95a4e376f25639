import { and, asc, eq, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { prepared } from "@/db/prepared";
import { productUrls, products } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

const productUrlsQuery = (db: DbLike) =>
  db
    .select({
      product: products,
      url: {
        id: productUrls.id,
        name: productUrls.name,
        url: productUrls.url,
        productId: productUrls.productId,
        lastStatus: productUrls.lastStatus,
        lastCheckedAt: productUrls.lastCheckedAt,
        paused: productUrls.paused,
      },
    })
    .from(products)
    .leftJoin(
      productUrls,
      and(eq(productUrls.productId, products.id), eq(productUrls.workspaceId, sql.placeholder("workspaceId"))),
    )
    .where(and(eq(products.id, sql.placeholder("productId")), eq(products.workspaceId, sql.placeholder("workspaceId"))))
    .orderBy(asc(productUrls.name), asc(productUrls.createdAt), asc(productUrls.id))
    .prepare("owned_product_urls");

/**
 * The owner's product row and its tracked URLs by source name, in one query (id checked by the route);
 * missing and foreign are one 404.
 */
export async function getOwnedProductUrls(db: DbLike, workspaceId: string, productId: string) {
  const rows = await prepared(db, "owned_product_urls", productUrlsQuery).execute({ workspaceId, productId });
  const product = rows[0]?.product;
  if (!product) throw new AppError("product_not_found");
  return { product, urls: rows.flatMap((r) => (r.url ? [r.url] : [])) };
}
