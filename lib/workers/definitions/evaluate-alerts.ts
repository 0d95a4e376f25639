import { evaluateNewPrice, type TEvaluateNewPrice } from "@/lib/alerts";
import { CONFIRMATION_DELAY_MS, readPriceConfirmation, requestPriceConfirmation } from "@/lib/alerts";
import { defineJob } from "@/lib/jobs";
import { PRICE_RECORDED } from "@/lib/jobs";

/** After its first minute, a confirmation is looked at this often, this many times (a slow or retried scrape). */
const CONFIRMATION_POLL_MS = 15_000;
const CONFIRMATION_POLLS = 40;

// Alert rules on one new price entry; retries are safe: one alert_event per (rule, entry), one e-mail per event.
// A jump of more than 50 % fires nothing until a second reading of the page agrees: a scrape task due a minute
// later (the shop's politeness applies to it as to any scrape), whose reading is kept on the task alone.
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
    const taskId = await io.step("request-confirmation", () => requestPriceConfirmation(first.urlId));
    await io.sleep("wait-before-confirming", CONFIRMATION_DELAY_MS);
    let second = await io.step("read-confirmation", () => readPriceConfirmation(taskId));
    for (let i = 1; second === "waiting" && i <= CONFIRMATION_POLLS; i++) {
      await io.sleep(`wait-for-confirmation-${i}`, CONFIRMATION_POLL_MS);
      second = await io.step(`read-confirmation-${i}`, () => readPriceConfirmation(taskId));
    }
    const reading = second === "waiting" ? null : second;
    return io.step("confirm-and-evaluate", () => evaluateNewPrice(entry, { confirmPrice: async () => reading }));
  },
});
