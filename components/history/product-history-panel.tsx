"use client";

import { ExportBlock } from "./export-block";
import { PriceChart } from "./price-chart";
import { PriceComparison } from "./price-comparison";

/**
 * What the product detail modal mounts in its history slot: the chart, the merchant comparison and the
 * export block (the per-URL tables are `UrlHistoryTable`, one per URL row).
 */
export function ProductHistoryPanel({ productId, productName }: { productId: string; productName: string }) {
  return (
    <div className="min-w-0 space-y-4">
      <PriceChart productId={productId} />
      <PriceComparison productId={productId} />
      <ExportBlock productId={productId} productName={productName} />
    </div>
  );
}
