import { env } from "@/lib/env";
import { PRICE_RECORDED } from "@/lib/jobs/job-events";
import { sendJobEvents } from "@/lib/jobs/send-job-events";
import { evaluateNewPrice, type TConfirmPrice } from "./evaluate-new-price";

export type TPriceRecorded = { urlId: string; priceHistoryId: number };

/**
 * Hands a new price entry to alert evaluation: an Inngest event (retried by Inngest) when Inngest is
 * configured, else evaluated right away in this process, with a second scrape for big jumps.
 */
export async function requestAlertEvaluation(entry: TPriceRecorded, confirmPrice?: TConfirmPrice): Promise<void> {
  if (env.inngestEnabled) {
    // the id makes a re-sent event for the same entry a no-op at Inngest
    await sendJobEvents({ id: `price-recorded-${entry.priceHistoryId}`, name: PRICE_RECORDED, data: entry });
    return;
  }
  const { rescrapePrice } = await import("./rescrape-price");
  await evaluateNewPrice(entry, { confirmPrice: confirmPrice ?? rescrapePrice });
}
