import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { prepared } from "@/db/prepared";
import { productUrls, products } from "@/db/schema";
import { latestOfUrlRow } from "@/lib/history";
import { presentProduct, type TProductView } from "./present-product";
import { presentProductUrl, type TLatestPrice } from "@/lib/products/urls/present-product-url";

const productsSelect = (db: DbLike) =>
  db
    .select({
      product: products,
      url: productUrls,
      gtins: sql<string[]>`(select coalesce(json_agg(g.code order by g.position), '[]'::json)
                              from product_gtins g where g.product_id = ${products.id})`,
    })
    .from(products)
    .leftJoin(productUrls, eq(productUrls.productId, products.id));
const productsOrder = [desc(products.createdAt), desc(products.id), asc(productUrls.createdAt), asc(productUrls.id)];
const productsQuery = (db: DbLike) =>
  productsSelect(db)
    .where(eq(products.workspaceId, sql.placeholder("workspaceId")))
    .orderBy(...productsOrder)
    .prepare("products_of_owner");
const productQuery = (db: DbLike) =>
  productsSelect(db)
    .where(and(eq(products.workspaceId, sql.placeholder("workspaceId")), eq(products.id, sql.placeholder("productId"))))
    .orderBy(...productsOrder)
    .prepare("product_of_owner");

/**
 * The owner's products (newest first) with their URLs (oldest first) and each URL's latest price entry,
 * in one query whatever the history's size: products ⟕ product_urls, whose latest_* columns hold the reading.
 */
export async function queryProducts(
  db: DbLike,
  workspaceId: string,
  filter: { productId?: string } = {},
): Promise<TProductView[]> {
  const rows = filter.productId
    ? await prepared(db, "product_of_owner", productQuery).execute({ workspaceId, productId: filter.productId })
    : await prepared(db, "products_of_owner", productsQuery).execute({ workspaceId });
  const order: string[] = [];
  const byId = new Map<
    string,
    { row: (typeof rows)[number]["product"]; gtins: string[]; urls: ReturnType<typeof presentProductUrl>[] }
  >();
  for (const r of rows) {
    let entry = byId.get(r.product.id);
    if (!entry) {
      entry = { row: r.product, gtins: r.gtins, urls: [] };
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
    return presentProduct(e.row, e.urls, e.gtins);
  });
}
