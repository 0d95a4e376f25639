import { evaluateNewPrice, type TEvaluateNewPrice } from "@/lib/alerts";
import { rescrapePrice } from "@/lib/alerts";
import { defineJob } from "@/lib/jobs";
import { PRICE_RECORDED } from "@/lib/jobs";

// Alert rules on one new price entry; retries are safe: one alert_event per (rule, entry), one e-mail per event.
// A jump of more than 50 % is re-scraped a minute later before anything fires.
export const evaluateAlertsJob = defineJob<TEvaluateNewPrice>({
  id: "evaluate-alerts",
  name: "Évaluer les alertes prix",
  trigger: { event: PRICE_RECORDED },
  idempotencyKey: "priceHistoryId",
  concurrency: { limit: 20 },
  retries: 4,
  handler: async (entry, io) => {
    const first = await io.step("evaluate", () => evaluateNewPrice(entry));
    if (first.status !== "needs_confirmation") return first;
    await io.sleep("wait-before-confirming", 60_000);
    return io.step("confirm-and-evaluate", () => evaluateNewPrice(entry, { confirmPrice: rescrapePrice }));
  },
});
