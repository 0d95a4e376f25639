import { evaluateNewPrice } from "@/lib/alerts/evaluation/evaluate-new-price";
import { rescrapePrice } from "@/lib/alerts/evaluation/rescrape-price";
import { inngest } from "@/lib/jobs/inngest-client";
import { inngestOptions } from "@/lib/jobs/inngest-options";
import { JOBS } from "@/lib/jobs/job-definitions";

// Alert rules on one new price entry. A jump of more than 50 % is re-scraped a minute later before anything fires.
export const evaluateAlertsFn = inngest.createFunction(inngestOptions(JOBS.evaluateAlerts), async ({ event, step }) => {
  const entry = {
    urlId: String((event.data as Record<string, unknown>).urlId),
    priceHistoryId: Number((event.data as Record<string, unknown>).priceHistoryId),
  };
  const first = await step.run("evaluate", () => evaluateNewPrice(entry));
  if (first.status !== "needs_confirmation") return first;
  await step.sleep("wait-before-confirming", "1m");
  return step.run("confirm-and-evaluate", () => evaluateNewPrice(entry, { confirmPrice: rescrapePrice }));
});
