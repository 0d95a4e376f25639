import type { products } from "@/db/schema";
import type { TProductUrlView } from "@/lib/products/urls/present-product-url";

type ProductRow = typeof products.$inferSelect;

/** A product as the API answers it; `url_count` is the number of its tracked URLs, `gtins` its EAN codes as given. */
export function presentProduct(row: ProductRow, urls: TProductUrlView[], gtins: string[]) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    reference_price: row.referencePrice,
    min_advertised_price: row.minAdvertisedPrice,
    ...presentIdentity({ ...row, gtins }),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    url_count: urls.length,
    urls,
  };
}

type TIdentityRow = Pick<ProductRow, "sku" | "brand" | "mpn" | "category" | "tags" | "imageUrl" | "costPrice">;

/** The identity fields as the API answers them (product, list). */
export function presentIdentity(row: TIdentityRow & { gtins: string[] }) {
  return {
    sku: row.sku,
    gtins: row.gtins,
    brand: row.brand,
    mpn: row.mpn,
    category: row.category,
    tags: row.tags,
    image_url: row.imageUrl,
    cost_price: row.costPrice,
  };
}

export type TProductView = ReturnType<typeof presentProduct>;
