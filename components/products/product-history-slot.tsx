"use client";

import { ProductHistoryPanel } from "@/components/history/product-history-panel";
import { UrlHistoryTable } from "@/components/history/url-history-table";
import type { Product, ProductUrl } from "./types";

// Their data is refreshed by revalidateProduct (client/revalidate-product.ts) after a scrape or a change.
export function ProductHistorySlot({ product }: { product: Product }) {
  if (product.urls.length === 0) return null;
  return <ProductHistoryPanel productId={product.id} productName={product.name} />;
}

export function UrlHistorySlot({ product, url }: { product: Product; url: ProductUrl }) {
  return (
    <UrlHistoryTable urlId={url.id} url={url.url} name={url.name} productId={product.id} productName={product.name} />
  );
}
