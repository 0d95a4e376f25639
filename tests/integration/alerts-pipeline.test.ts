// Alerts wired to the scrape pipeline (lib/jobs/on-new-price.ts) and the two Inngest functions, against
// the local merchant site: real scrapes, no mock of our code.
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { alertEvents, productUrls, scrapeTasks, users } from "@/db/schema";
import { evaluateAlertsFn } from "@/inngest/functions/evaluate-alerts";
import { sendAlertDigestFn } from "@/inngest/functions/send-alert-digest";
import { scrapeTask } from "@/inngest/functions/scrape-task";
import { PRICE_RECORDED, SCRAPE_REQUESTED } from "@/lib/jobs/job-events";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { addPrice, addRule, alertsUser, mailsTo, makeProduct } from "./alerts-fixtures";

let merchant: TMerchantServer;
beforeAll(async () => {
  merchant = await startMerchantServer();
  await getDb();
}, 180_000);
afterAll(async () => {
  await merchant.close();
});

async function watchedProduct(pageId: string) {
  const user = await alertsUser();
  const { productId, urlIds } = await makeProduct(user.userId);
  const db = await getDb();
  const [url] = await db
    .update(productUrls)
    .set({ url: `${merchant.url}/product/${pageId}` })
    .where(eq(productUrls.id, urlIds[0]!))
    .returning();
  return { ...user, productId, url: url! };
}

async function scrapeOnce(userId: string, productId: string, url: { id: string; url: string }) {
  const task = (await enqueueScrape({ userId, productId, urlId: url.id, url: url.url, trigger: "manual" }))!;
  const { result } = await new InngestTestEngine({ function: scrapeTask }).execute({
    events: [{ name: SCRAPE_REQUESTED, data: { taskId: task.id, host: "127.0.0.1" } }] as never,
  });
  return result as { status: string; priceHistoryId: number | null };
}

describe("alerts in the scrape pipeline", () => {
  it("a scraped price goes through the hook and alerts once; a failed scrape alerts nothing", async () => {
    const { userId, account, productId, url } = await watchedProduct("alerte-pipeline");
    const rule = await addRule(userId, productId, { kind: "below", minPrice: "150.00" });
    const any = await addRule(userId, productId, { kind: "any_change" });
    merchant.setPrice("alerte-pipeline", "149.90");
    expect(await scrapeOnce(userId, productId, url)).toMatchObject({ status: "completed" });

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
    const failed = await scrapeOnce(userId, productId, { id: url.id, url: `${merchant.url}/status/503` }).catch(
      () => null,
    );
    expect(failed?.status ?? "error").not.toBe("completed");
    expect(await db.select().from(alertEvents).where(eq(alertEvents.ruleId, any.id))).toHaveLength(0);
    expect(await mailsTo(account.email)).toHaveLength(1);
    const tasks = await db.select().from(scrapeTasks).where(eq(scrapeTasks.urlId, url.id));
    expect(tasks.some((t) => t.status !== "completed")).toBe(true);
  });
});

describe("Inngest functions of the alerts", () => {
  it("evaluate-alerts confirms a big jump with a second scrape before alerting", async () => {
    const { userId, productId, url } = await watchedProduct("alerte-saut");
    const rule = await addRule(userId, productId, { kind: "drop", thresholdPercent: "20" });
    await addPrice(url.id, "100.00");
    const jump = await addPrice(url.id, "30.00");
    merchant.setPrice("alerte-saut", "30.00");
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
    const { userId, account, productId, url } = await watchedProduct("alerte-digest");
    const db = await getDb();
    await db.update(users).set({ alertMode: "digest" }).where(eq(users.id, userId));
    await addRule(userId, productId, { kind: "above", maxPrice: "10" });
    const { evaluateNewPrice } = await import("@/lib/alerts/evaluation/evaluate-new-price");
    await evaluateNewPrice({ priceHistoryId: await addPrice(url.id, "12.00") });
    const { result } = await new InngestTestEngine({ function: sendAlertDigestFn }).execute();
    expect(result).toMatchObject({ emails: expect.any(Number) });
    const mails = await mailsTo(account.email);
    expect(mails.map((m) => m.kind)).toEqual(["alert_digest"]);
    expect(sendAlertDigestFn.opts.triggers).toEqual([{ cron: "TZ=Europe/Paris 0 8 * * *" }]);
  });
});
