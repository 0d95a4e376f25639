// Alerts wired to the scrape pipeline (lib/workers/run-scrape-task.ts triggers evaluate-alerts) and their jobs, against
// the local merchant site: real scrapes, no mock of our code.
import { InngestTestEngine } from "@inngest/test";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { alertEvents, productUrls, scrapeTasks, workspaceMembers } from "@/db/schema";
import { functions } from "@/inngest";
import { PRICE_RECORDED, SCRAPE_REQUESTED } from "@/lib/jobs/job-events";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { countLocalSleeps, settleLocalJobs } from "@/lib/workers/local-jobs";
import { triggerJob } from "@/lib/jobs/trigger-job";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { addPrice, addRule, mailsTo, watchedProduct } from "./alerts-fixtures";

let merchant: TMerchantServer;
const fn = (id: string) => functions.find((f) => f.id() === id)!;
const scrapeTask = fn("scrape-task");
const evaluateAlertsFn = fn("evaluate-alerts");
const sendAlertDigestFn = fn("send-alert-digest");
beforeAll(async () => {
  merchant = await startMerchantServer();
  await getDb();
}, 180_000);
afterAll(async () => {
  await merchant.close();
});

async function scrapeOnce(workspaceId: string, productId: string, url: { id: string; url: string }) {
  const task = (await enqueueScrape({ workspaceId, productId, urlId: url.id, url: url.url, trigger: "manual" }))!;
  const { result } = await new InngestTestEngine({ function: scrapeTask }).execute({
    events: [{ name: SCRAPE_REQUESTED, data: { taskId: task.id, host: "127.0.0.1" } }] as never,
  });
  // the evaluation it triggered runs on the local provider (no Inngest configured here)
  await settleLocalJobs();
  return result as { status: string; priceHistoryId: number | null };
}

describe("alerts in the scrape pipeline", () => {
  it("a scraped price goes through the hook and alerts once; a failed scrape alerts nothing", async () => {
    const { workspaceId, account, productId, url } = await watchedProduct(merchant, "alerte-pipeline");
    const rule = await addRule(workspaceId, productId, { kind: "below", minPrice: "150.00" });
    const any = await addRule(workspaceId, productId, { kind: "any_change" });
    merchant.setPrice("alerte-pipeline", "149.90");
    expect(await scrapeOnce(workspaceId, productId, url)).toMatchObject({ status: "completed" });

    const db = await getDb();
    const events = await db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id));
    expect(events.map((e) => [e.newPrice, e.status])).toEqual([["149.90", "sent"]]);
    const mails = await mailsTo(account.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Prix sous votre minimum : Casque Sony WH-1000XM5 chez Marchand 1 (149,90\u00a0€)",
    ]);

    // the page now fails: no price written, no alert of any kind
    await db
      .update(productUrls)
      .set({ url: `${merchant.url}/status/503` })
      .where(eq(productUrls.id, url.id));
    const failed = await scrapeOnce(workspaceId, productId, { id: url.id, url: `${merchant.url}/status/503` }).catch(
      () => null,
    );
    expect(failed?.status ?? "error").not.toBe("completed");
    expect(await db.select().from(alertEvents).where(eq(alertEvents.ruleId, any.id))).toHaveLength(0);
    expect(await mailsTo(account.email)).toHaveLength(1);
    const tasks = await db.select().from(scrapeTasks).where(eq(scrapeTasks.urlId, url.id));
    expect(tasks.some((t) => t.status !== "completed")).toBe(true);
  });
});

/** A drop rule and a fall from 100 to 30 (over 50 %), the page showing 30. */
async function bigJump(pageId: string) {
  const { workspaceId, productId, url } = await watchedProduct(merchant, pageId);
  const rule = await addRule(workspaceId, productId, { kind: "drop", thresholdPercent: "20" });
  await addPrice(url.id, "100.00");
  const jump = await addPrice(url.id, "30.00");
  merchant.setPrice(pageId, "30.00");
  return { rule, url, jump };
}

const eventsOf = async (ruleId: string) =>
  (await (await getDb()).select().from(alertEvents).where(eq(alertEvents.ruleId, ruleId))).map((e) => e.newPrice);

describe("evaluate-alerts on the local provider", () => {
  it("re-checks a jump of more than 50 % after sleeping a minute, as on Inngest", async () => {
    const { rule, url, jump } = await bigJump("saut-local");
    await triggerJob("evaluateAlerts", { urlId: url.id, priceHistoryId: jump });
    // the run sleeps: the second scrape has not happened and nothing fired
    await vi.waitFor(() => expect(countLocalSleeps()).toBe(1));
    expect(merchant.hits.get("/product/saut-local")).toBeUndefined();
    expect(await eventsOf(rule.id)).toEqual([]);
    // the minute is over (answered at once here, as the Inngest test engine answers step.sleep)
    await settleLocalJobs({ skipSleeps: true });
    expect(merchant.hits.get("/product/saut-local")).toBe(1);
    expect(await eventsOf(rule.id)).toEqual(["30.00"]);
  });
});

describe("Inngest functions of the alerts", () => {
  it("evaluate-alerts confirms a big jump with a second scrape before alerting", async () => {
    const { rule, url, jump } = await bigJump("alerte-saut");
    // Inngest's sleep is the platform's timer: answered at once here
    const engine = () =>
      new InngestTestEngine({
        function: evaluateAlertsFn,
        steps: [{ id: "wait-before-confirming", handler: () => undefined }],
      });
    const { result } = await engine().execute({
      events: [{ name: PRICE_RECORDED, data: { urlId: url.id, priceHistoryId: jump } }] as never,
    });
    expect(result).toMatchObject({ status: "evaluated", sent: 1 });
    expect(merchant.hits.get("/product/alerte-saut")).toBe(1);

    // a glitch the second scrape does not confirm
    const glitch = await addPrice(url.id, "3.00");
    const again = await engine().execute({
      events: [{ name: PRICE_RECORDED, data: { urlId: url.id, priceHistoryId: glitch } }] as never,
    });
    expect(again.result).toMatchObject({ status: "unconfirmed" });
    const db = await getDb();
    expect((await db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id))).map((e) => e.newPrice)).toEqual(
      ["30.00"],
    );
    expect(evaluateAlertsFn.opts).toMatchObject({ triggers: [{ event: PRICE_RECORDED }], retries: 4 });
  });

  it("send-alert-digest sends the daily digest", async () => {
    const { userId, workspaceId, account, productId, url } = await watchedProduct(merchant, "alerte-digest");
    const db = await getDb();
    await db
      .update(workspaceMembers)
      .set({ alertMode: "digest" })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    await addRule(workspaceId, productId, { kind: "above", maxPrice: "10" });
    const { evaluateNewPrice } = await import("@/lib/alerts/evaluation/evaluate-new-price");
    await evaluateNewPrice({ priceHistoryId: await addPrice(url.id, "12.00") });
    const { result } = await new InngestTestEngine({ function: sendAlertDigestFn }).execute();
    expect(result).toMatchObject({ emails: expect.any(Number) });
    const mails = await mailsTo(account.email);
    expect(mails.map((m) => m.kind)).toEqual(["alert_digest"]);
    expect(sendAlertDigestFn.opts.triggers).toEqual([{ cron: "TZ=Europe/Paris 0 8 * * *" }]);
  });
});
