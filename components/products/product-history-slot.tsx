"use client";

import type { Product, ProductUrl } from "./types";

/*
 * SLOT for the price-history issue (not built here): the CSV export block ('Derniers prix' /
 * 'Historique complet') for the whole product goes in <ProductHistorySlot>, and each URL's history
 * card (table of the 10 latest entries, chart, '{n} entrée(s)') in <UrlHistorySlot>.
 * Both are already rendered by the product detail modal at the right places; they render nothing today.
 * `refreshKey` changes whenever the modal reloads the product (after a scrape, an added or deleted URL).
 * To plug in components/history: return <ProductHistoryPanel productId={product.id} productName={product.name}
 * refreshKey={refreshKey} /> and <UrlHistoryTable urlId={url.id} url={url.url} name={url.name} productId={product.id}
 * productName={product.name} refreshKey={refreshKey} />.
 */
export function ProductHistorySlot(_props: { product: Product; refreshKey: number }) {
  return null;
}

export function UrlHistorySlot(_props: { product: Product; url: ProductUrl; refreshKey: number }) {
  return null;
}
