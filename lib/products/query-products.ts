import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { priceHistory, productUrls, products } from "@/db/schema";
import { presentProduct, type TProductView } from "./present-product";
import { presentProductUrl, type TLatestPrice } from "./present-product-url";

/**
 * The owner's products (newest first) with their URLs (oldest first) and each URL's latest price entry,
 * in ONE query: products ⟕ product_urls ⟕ LATERAL (latest price_history row by the (url_id, created_at desc) index).
 */
export async function queryProducts(
  db: DbLike,
  userId: string,
  filter: { productId?: string } = {},
): Promise<TProductView[]> {
  const latest = db
    .select({
      price: priceHistory.price,
      currency: priceHistory.currency,
      available: priceHistory.available,
      createdAt: priceHistory.createdAt,
    })
    .from(priceHistory)
    .where(eq(priceHistory.urlId, productUrls.id))
    .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id))
    .limit(1)
    .as("latest");

  const rows = await db
    .select({
      product: products,
      url: productUrls,
      // flat: drizzle would null a nested object as soon as one of its fields is null (an unavailable item has no price)
      latestPrice: latest.price,
      latestCurrency: latest.currency,
      latestAvailable: latest.available,
      latestAt: latest.createdAt,
    })
    .from(products)
    .leftJoin(productUrls, eq(productUrls.productId, products.id))
    .leftJoinLateral(latest, sql`true`)
    .where(
      and(
        eq(products.userId, userId),
        filter.productId ? eq(products.id, filter.productId) : undefined,
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id), asc(productUrls.createdAt), asc(productUrls.id));

  const order: string[] = [];
  const byId = new Map<string, { row: (typeof rows)[number]["product"]; urls: ReturnType<typeof presentProductUrl>[] }>();
  for (const r of rows) {
    let entry = byId.get(r.product.id);
    if (!entry) {
      entry = { row: r.product, urls: [] };
      byId.set(r.product.id, entry);
      order.push(r.product.id);
    }
    if (r.url) {
      const l: TLatestPrice | null = r.latestAt
        ? { price: r.latestPrice, currency: r.latestCurrency, available: r.latestAvailable ?? false, created_at: r.latestAt }
        : null;
      entry.urls.push(presentProductUrl(r.url, l));
    }
  }
  return order.map((id) => {
    const e = byId.get(id)!;
    return presentProduct(e.row, e.urls);
  });
}
