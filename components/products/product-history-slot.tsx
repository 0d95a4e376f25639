"use client";

import { ProductHistoryPanel } from "@/components/history/product-history-panel";
import { UrlHistoryTable } from "@/components/history/url-history-table";
import type { Product, ProductUrl } from "./types";

// `refreshKey` changes whenever the modal reloads the product (after a scrape, an added or deleted URL).
export function ProductHistorySlot({ product, refreshKey }: { product: Product; refreshKey: number }) {
  if (product.urls.length === 0) return null;
  return <ProductHistoryPanel productId={product.id} productName={product.name} refreshKey={refreshKey} />;
}

export function UrlHistorySlot({ product, url, refreshKey }: { product: Product; url: ProductUrl; refreshKey: number }) {
  return (
    <UrlHistoryTable
      urlId={url.id}
      url={url.url}
      name={url.name}
      productId={product.id}
      productName={product.name}
      refreshKey={refreshKey}
    />
  );
}
