import { and, asc, desc, eq } from "drizzle-orm";
import type { DbLike } from "@/db";
import { productUrls, products } from "@/db/schema";
import { latestOfUrlRow } from "@/lib/history/get-latest-readings";
import { presentProduct, type TProductView } from "./present-product";
import { presentProductUrl, type TLatestPrice } from "./present-product-url";

/**
 * The owner's products (newest first) with their URLs (oldest first) and each URL's latest price entry,
 * in one query whatever the history's size: products ⟕ product_urls, whose latest_* columns hold the reading.
 */
export async function queryProducts(
  db: DbLike,
  userId: string,
  filter: { productId?: string } = {},
): Promise<TProductView[]> {
  const rows = await db
    .select({ product: products, url: productUrls })
    .from(products)
    .leftJoin(productUrls, eq(productUrls.productId, products.id))
    .where(and(eq(products.userId, userId), filter.productId ? eq(products.id, filter.productId) : undefined))
    .orderBy(desc(products.createdAt), desc(products.id), asc(productUrls.createdAt), asc(productUrls.id));
  const order: string[] = [];
  const byId = new Map<
    string,
    { row: (typeof rows)[number]["product"]; urls: ReturnType<typeof presentProductUrl>[] }
  >();
  for (const r of rows) {
    let entry = byId.get(r.product.id);
    if (!entry) {
      entry = { row: r.product, urls: [] };
      byId.set(r.product.id, entry);
      order.push(r.product.id);
    }
    if (r.url) {
      const reading = latestOfUrlRow(r.url);
      const l: TLatestPrice | null = reading
        ? {
            price: reading.price,
            currency: reading.currency,
            available: reading.available,
            created_at: reading.created_at,
          }
        : null;
      entry.urls.push(presentProductUrl(r.url, l));
    }
  }
  return order.map((id) => {
    const e = byId.get(id)!;
    return presentProduct(e.row, e.urls);
  });
}
