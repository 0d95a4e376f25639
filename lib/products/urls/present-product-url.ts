import type { productUrls } from "@/db/schema";

type UrlRow = typeof productUrls.$inferSelect;

export type TLatestPrice = { price: string | null; currency: string | null; available: boolean; created_at: Date };

/** A tracked URL as the API answers it, with its latest price entry (null before the first successful scrape). */
export function presentProductUrl(row: UrlRow, latest: TLatestPrice | null = null) {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    url: row.url,
    tracking_frequency: row.trackingFrequency,
    selector: row.selector,
    // The chosen price rule no longer finds a price: the automatic price is used meanwhile.
    price_rule_lost: row.selector !== null && row.selectorLostAt !== null,
    last_status: row.lastStatus,
    last_error: row.lastError,
    last_checked_at: row.lastCheckedAt,
    next_check_at: row.nextCheckAt,
    paused: row.paused,
    created_at: row.createdAt,
    latest,
  };
}

export type TProductUrlView = ReturnType<typeof presentProductUrl>;
