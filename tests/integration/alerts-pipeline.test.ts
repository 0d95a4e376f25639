// Alerts wired to the scrape pipeline (lib/workers/run-scrape-task.ts triggers evaluate-alerts) and their jobs, against
// the local merchant site: real scrapes, no mock of our code.
import { InngestTestEngine } from "@inngest/test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { alertEvents, priceHistory, productUrls, scrapeTasks, workspaceMembers } from "@/db/schema";
import { setHostLimits } from "@/lib/fetching/host-politeness";
import { claimRunnable } from "@/lib/jobs/claim-tasks";
import { functions } from "@/inngest";
import { PRICE_RECORDED, SCRAPE_REQUESTED } from "@/lib/jobs/job-events";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { countLocalSleeps, settleLocalJobs } from "@/lib/workers/local-jobs";
import { triggerJob } from "@/lib/jobs/trigger-job";
import { runScrapeTask } from "@/lib/workers/run-scrape-task";
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

/** A drop rule and a fall from 100 to 30 (over 50 %), the page of `shop` showing 30. */
async function bigJump(pageId: string, shop = merchant) {
  const { workspaceId, productId, url } = await watchedProduct(shop, pageId);
  const rule = await addRule(workspaceId, productId, { kind: "drop", thresholdPercent: "20" });
  await addPrice(url.id, "100.00");
  const jump = await addPrice(url.id, "30.00");
  shop.setPrice(pageId, "30.00");
  return { workspaceId, productId, rule, url, jump };
}

const eventsOf = async (ruleId: string) =>
  (await (await getDb()).select().from(alertEvents).where(eq(alertEvents.ruleId, ruleId))).map((e) => e.newPrice);

const pricesOf = async (urlId: string) =>
  (await (await getDb()).select().from(priceHistory).where(eq(priceHistory.urlId, urlId)).orderBy(priceHistory.id)).map(
    (p) => p.price,
  );

/** The tasks re-reading a URL's page after a jump. */
const confirmationsOf = async (urlId: string) =>
  (await getDb()).select().from(scrapeTasks).where(sql`${scrapeTasks.metadata}->>'confirms_url_id' = ${urlId}`);

/** The minute is over: the URL's confirmation tasks are due. */
async function confirmationsDue(urlId: string) {
  const ids = (await confirmationsOf(urlId)).map((t) => t.id);
  await (await getDb()).update(scrapeTasks).set({ runAt: new Date() }).where(inArray(scrapeTasks.id, ids));
}

/** Claims and runs the due tasks as a runner does (the hosts' politeness applies), until none is left. */
async function runDueTasks() {
  for (;;) {
    const { tasks, waitMs } = await claimRunnable("alertes", { limit: 4 });
    for (const t of tasks) await runScrapeTask(t, { workerId: "alertes", scrape: { browser: false } });
    if (tasks.length > 0) continue;
    if (waitMs === null) return;
    await new Promise((r) => setTimeout(r, waitMs));
  }
}

describe("evaluate-alerts on the local provider", () => {
  it("re-checks a jump of more than 50 % with a scrape task due a minute later; the price is stored once", async () => {
    const { rule, url, jump } = await bigJump("saut-local");
    const asked = Date.now();
    await triggerJob("evaluateAlerts", { urlId: url.id, priceHistoryId: jump });
    // the run sleeps: the confirmation is queued for later, nothing is fetched and nothing fired
    await vi.waitFor(() => expect(countLocalSleeps()).toBe(1));
    const [task, ...others] = await confirmationsOf(url.id);
    expect(others).toEqual([]);
    expect(task).toMatchObject({ urlId: null, status: "pending", priority: "high", trigger: "confirm" });
    expect(task!.runAt.getTime()).toBeGreaterThanOrEqual(asked + 60_000);
    expect(merchant.hits.get("/product/saut-local")).toBeUndefined();
    expect(await eventsOf(rule.id)).toEqual([]);

    await confirmationsDue(url.id);
    await runDueTasks();
    expect(merchant.hits.get("/product/saut-local")).toBe(1);
    // the minute is over (answered at once here, as the Inngest test engine answers step.sleep)
    await settleLocalJobs({ skipSleeps: true });
    expect(await eventsOf(rule.id)).toEqual(["30.00"]);
    // the second reading is kept on its task alone
    expect(await pricesOf(url.id)).toEqual(["100.00", "30.00"]);
  });

  it("the confirmation waits for the shop's spacing like any scrape of it", async () => {
    const shop = await startMerchantServer({ host: "127.0.0.9" });
    try {
      const SPACING_MS = 1500;
      await setHostLimits(await getDb(), "127.0.0.9", { minSpacingMs: SPACING_MS });
      const { workspaceId, productId, rule, url, jump } = await bigJump("saut-espace", shop);
      await triggerJob("evaluateAlerts", { urlId: url.id, priceHistoryId: jump });
      await vi.waitFor(() => expect(countLocalSleeps()).toBe(1));
      // another page of the shop is due at the same moment
      const other = await enqueueScrape({
        workspaceId,
        productId,
        urlId: null,
        url: `${shop.url}/product/autre-page`,
        trigger: "manual",
      });
      await confirmationsDue(url.id);
      await runDueTasks();

      const [confirmation] = await confirmationsOf(url.id);
      const [page] = await (await getDb()).select().from(scrapeTasks).where(eq(scrapeTasks.id, other!.id));
      expect([confirmation!.status, page!.status]).toEqual(["completed", "completed"]);
      // high priority: the confirmation starts first, the other page one spacing later
      expect(page!.startedAt!.getTime() - confirmation!.startedAt!.getTime()).toBeGreaterThanOrEqual(SPACING_MS);
      await settleLocalJobs({ skipSleeps: true });
      expect(await eventsOf(rule.id)).toEqual(["30.00"]);
      expect(await pricesOf(url.id)).toEqual(["100.00", "30.00"]);
    } finally {
      await shop.close();
    }
  });
});

describe("Inngest functions of the alerts", () => {
  it("evaluate-alerts confirms a big jump with a second scrape before alerting", async () => {
    const { rule, url, jump } = await bigJump("alerte-saut");
    // Inngest's sleep is the platform's timer: the minute is over at once here, and the runner runs the task
    const engine = () =>
      new InngestTestEngine({
        function: evaluateAlertsFn,
        steps: [
          {
            id: "wait-before-confirming",
            handler: async () => {
              await confirmationsDue(url.id);
              await runDueTasks();
            },
          },
        ],
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
