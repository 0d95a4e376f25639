import { requestAlertEvaluation } from "@/lib/alerts/evaluation/request-alert-evaluation";

// Hook for the alerts issue: called once per new price_history row, after it is committed.

export type TPricePoint = { price: string | null; currency: string | null; available: boolean; createdAt: Date };

export type TNewPrice = {
  urlId: string;
  priceHistoryId: number;
  /** The entry before this one for the same URL, null for the first reading. */
  previous: TPricePoint | null;
  current: TPricePoint;
};

/** Hands a new reading to alert evaluation. Must not throw into the scrape job (errors are logged by the caller). */
export async function onNewPrice(event: TNewPrice): Promise<void> {
  await requestAlertEvaluation({ urlId: event.urlId, priceHistoryId: event.priceHistoryId });
}
