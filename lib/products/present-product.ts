import type { products } from "@/db/schema";
import type { TProductUrlView } from "@/lib/products/urls/present-product-url";

type ProductRow = typeof products.$inferSelect;

/** A product as the API answers it; `url_count` is the number of its tracked URLs. */
export function presentProduct(row: ProductRow, urls: TProductUrlView[]) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    reference_price: row.referencePrice,
    min_advertised_price: row.minAdvertisedPrice,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    url_count: urls.length,
    urls,
  };
}

export type TProductView = ReturnType<typeof presentProduct>;
