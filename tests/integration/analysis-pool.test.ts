import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { productUrls, scrapeTasks } from "@/db/schema";
import { GET as health } from "@/app/api/health/route";
import { POST as createProduct } from "@/app/api/products/route";
import { JobRunner } from "@/lib/workers/job-runner";
import { analyzeInWorker, closeAnalysisWorkers } from "@/lib/scraping/analyze-in-worker";
import { call, signUp } from "../helpers/api";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

// 4.8 MB, 1,200,000 elements: seconds of parsing
const HOSTILE = `<html><head><title>Piège</title></head><body><h1>Piège</h1>${"<p>x".repeat(1_200_000)}</body></html>`;

let merchant: TMerchantServer;

beforeAll(async () => {
  merchant = await startMerchantServer();
  merchant.setHtml("hostile", HOSTILE);
  await getDb();
});

afterAll(async () => {
  await closeAnalysisWorkers();
  await merchant.close();
});

describe("pages are parsed in worker threads", () => {
  it("the server answers /api/health while a hostile page is being parsed", async () => {
    let settled = false;
    // a quarter of the hostile page: seconds of parsing, within the worker's heap
    const html = HOSTILE.slice(0, HOSTILE.length / 4);
    const pending = analyzeInWorker(
      { html, url: `${merchant.url}/served/hostile`, status: 200, headers: {}, selector: null },
      { budgetMs: 100_000 },
    ).finally(() => {
      settled = true;
    });
    const res = await health();
    expect(res.status).toBe(200);
    expect(settled).toBe(false);
    expect((await pending).found.price).toBeNull();
  }, 120_000);

  it("a page over its analysis budget fails for good as 'Page trop complexe à analyser'", async () => {
    const { token } = await signUp();
    const created = await call(createProduct, "/api/products", {
      token,
      body: {
        name: "Produit piège",
        urls: [{ name: "Piège", url: `${merchant.url}/served/hostile`, tracking_frequency: "daily" }],
      },
    });
    expect(created.status).toBe(201);
    const urlId = created.json.urls[0].id as string;
    const runner = new JobRunner({ retryDelayMs: () => 0, scrape: { browser: false, analysisBudgetMs: 200 } });
    try {
      await runner.drain();
    } finally {
      await runner.stop(1000);
    }
    const db = await getDb();
    const tasks = await db.select().from(scrapeTasks).where(eq(scrapeTasks.urlId, urlId));
    expect(tasks.map((t) => [t.status, t.retryCount, t.error])).toEqual([
      ["failed", 0, "Page trop complexe à analyser"],
    ]);
    const [url] = await db.select().from(productUrls).where(eq(productUrls.id, urlId));
    expect(url).toMatchObject({ lastStatus: "error", lastError: "Page trop complexe à analyser" });
    // the pool replaced the stopped worker
    const ok = await analyzeInWorker({
      html: "<h1>Bouilloire</h1><p class='price'>19,99 €</p>",
      url: `${merchant.url}/served/ok`,
      status: 200,
      headers: {},
      selector: null,
    });
    expect(ok.found.price).toBe("19.99");
  }, 120_000);
});
