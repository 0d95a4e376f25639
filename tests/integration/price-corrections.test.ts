import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { alertEvents, priceDaily, priceHistory, productUrls } from "@/db/schema";
import { evaluateNewPrice } from "@/lib/alerts/evaluation/evaluate-new-price";
import { computeVariations } from "@/lib/history/compute-variations";
import { getChanges } from "@/lib/insights/get-changes";
import { JobRunner } from "@/lib/workers/job-runner";
import { setPriceSource } from "@/lib/price-picker/set-price-source";
import { requestUrlScrape } from "@/lib/queue/request-url-scrape";
import { getUrlHistory } from "@/lib/scraping/get-url-history";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { addRule, alertsUser, makeProduct } from "./alerts-fixtures";

let merchant: TMerchantServer;
let runner: JobRunner;

beforeAll(async () => {
  await getDb();
  merchant = await startMerchantServer();
  runner = new JobRunner({ concurrency: 1, retryDelayMs: () => 0 });
}, 180_000);

afterAll(async () => {
  await runner.stop(1000);
  await merchant.close();
});

const DAY = 86_400_000;

// The automatic pick reads the accessory's price; the user's rule reads the product's.
const page = (accessory: string, product: string) =>
  `<html lang="fr"><head><title>Casque</title></head><body><main><h1>Casque Sony WH-1000XM5</h1>` +
  `<p class="price">${accessory}</p><p class="real">${product}</p>` +
  `<button>Ajouter au panier</button></main></body></html>`;

describe("a price corrected with the price picker", () => {
  it("is a correction, not a market move: no alert, no change, the wrong readings kept for audit", async () => {
    const { workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const [urlId] = urlIds as [string];
    const db = await getDb();
    await db
      .update(productUrls)
      .set({ url: `${merchant.url}/served/casque` })
      .where(eq(productUrls.id, urlId));
    const rule = await addRule(workspaceId, productId, { kind: "any_change" });
    merchant.setHtml("casque", page("69,99 €", "349,00 €"));

    const now = Date.now();
    const insert = async (daysAgo: number, price: string) => {
      const [row] = await db
        .insert(priceHistory)
        .values({ urlId, price, currency: "EUR", available: true, createdAt: new Date(now - daysAgo * DAY) })
        .returning({ id: priceHistory.id });
      return row!.id;
    };
    const earlier = await insert(20, "329.00"); // another value: not part of the wrong run
    const wrongA = await insert(10, "69.99");
    const wrongB = await insert(3, "69.99");

    await setPriceSource(workspaceId, productId, urlId, { selector: ".real" });
    await runner.drain();

    const rows = await db.select().from(priceHistory).where(eq(priceHistory.urlId, urlId)).orderBy(priceHistory.id);
    const fix = rows.at(-1)!;
    expect(fix).toMatchObject({ price: "349.00", kind: "correction", correctedBy: null });
    expect(rows.map((r) => [r.id, r.correctedBy])).toEqual([
      [earlier, null],
      [wrongA, fix.id],
      [wrongB, fix.id],
      [fix.id, null],
    ]);
    const [url] = await db.select().from(productUrls).where(eq(productUrls.id, urlId));
    expect(url).toMatchObject({ correctingId: null, latestReadingId: fix.id, latestPrice: "349.00" });

    // no alert (so no webhook) for the correction
    expect(await evaluateNewPrice({ priceHistoryId: fix.id, urlId })).toEqual({
      status: "skipped",
      reason: "correction",
    });
    expect(await db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id))).toEqual([]);

    // 'Ce qui a changé': the week's baseline (the wrong 69,99 €) is replaced by its correction
    const week = await getChanges(workspaceId, { period: "week", kind: "all", limit: 50 });
    expect(week.changes.filter((c) => c.url_id === urlId)).toEqual([]);

    // charts: the corrected days keep their reading count but no price
    const days = await db.select().from(priceDaily).where(eq(priceDaily.urlId, urlId)).orderBy(priceDaily.day);
    expect(days.map((d) => [d.readings, d.priced, d.minPrice])).toEqual([
      [1, 1, "329.00"],
      [1, 0, null],
      [1, 0, null],
      [1, 1, "349.00"],
    ]);

    // the history says so, the wrong values still shown
    const history = await getUrlHistory(workspaceId, urlId, { limit: 11 });
    const table = computeVariations(history.entries, { total: history.total });
    expect(table.rows.map((r) => [r.price, r.kind, r.corrected_by, r.variation_label])).toEqual([
      [349, "correction", null, "Prix corrigé"],
      [69.99, "reading", fix.id, "Corrigé"],
      [69.99, "reading", fix.id, "Corrigé"],
      [329, "reading", null, "Premier relevé"],
    ]);

    // the shop's next move is compared with the corrected price and alerts as usual
    merchant.setHtml("casque", page("69,99 €", "299,00 €"));
    await requestUrlScrape(workspaceId, urlId);
    await runner.drain();
    const [next] = await db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.urlId, urlId))
      .orderBy(priceHistory.id)
      .then((r) => r.slice(-1));
    expect(next).toMatchObject({ price: "299.00", kind: "reading" });
    await evaluateNewPrice({ priceHistoryId: next!.id, urlId });
    const events = await db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id));
    expect(events.map((e) => [e.oldPrice, e.newPrice])).toEqual([["349.00", "299.00"]]);
  }, 120_000);
});
