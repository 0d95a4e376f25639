import { evaluateNewPrice } from "@/lib/alerts/evaluate-new-price";
import { PRICE_RECORDED } from "@/lib/alerts/request-alert-evaluation";
import { rescrapePrice } from "@/lib/alerts/rescrape-price";
import { inngest } from "../client";

// Alert rules on one new price entry. Retries are safe: one alert_event per (rule, entry), one e-mail per
// event. A jump of more than 50 % is re-scraped a minute later before anything fires.
export const evaluateAlertsFn = inngest.createFunction(
  {
    id: "evaluate-alerts",
    name: "Évaluer les alertes prix",
    triggers: [{ event: PRICE_RECORDED }],
    idempotency: "event.data.priceHistoryId",
    retries: 4,
  },
  async ({ event, step }) => {
    const entry = { urlId: String(event.data.urlId), priceHistoryId: Number(event.data.priceHistoryId) };
    const first = await step.run("evaluate", () => evaluateNewPrice(entry));
    if (first.status !== "needs_confirmation") return first;
    await step.sleep("wait-before-confirming", "1m");
    return step.run("confirm-and-evaluate", () => evaluateNewPrice(entry, { confirmPrice: rescrapePrice }));
  },
);
