import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { alertEvents, priceHistory, productUrls, scrapeTasks } from "@/db/schema";
import { POST as createProduct } from "@/app/api/products/route";
import { GET as historyRoute } from "@/app/api/scraping/urls/[urlId]/history/route";
import { JobRunner } from "@/lib/workers/job-runner";
import { closeBrowser } from "@/lib/scraping/browser";
import { call, signUp } from "../helpers/api";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;
let runner: JobRunner;

beforeAll(async () => {
  merchant = await startMerchantServer();
  runner = new JobRunner({ concurrency: 2, retryDelayMs: () => 0 });
});

afterAll(async () => {
  await runner.stop(1000);
  await closeBrowser();
  await merchant.close();
});

async function track(token: string, page: string): Promise<string> {
  const path = page.startsWith("/") ? page : `/pages/${page}`;
  const res = await call(createProduct, "/api/products", {
    token,
    body: {
      name: `Produit ${page}`,
      urls: [{ name: "Boutique", url: `${merchant.url}${path}`, tracking_frequency: "daily" }],
    },
  });
  expect(res.status).toBe(201);
  return res.json.urls[0].id as string;
}

describe("a reading stores the sale's regular price and the stated shipping", () => {
  it("shows them in the URL's history", async () => {
    const { token } = await signUp();
    const urlId = await track(token, "au-lieu-de-sale.html");
    await runner.drain();
    const res = await call(historyRoute, `/api/scraping/urls/${urlId}/history`, { token, params: { urlId } });
    expect(res.status).toBe(200);
    const entries = Array.isArray(res.json) ? res.json : res.json.entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ price: 39.9, regular_price: 59.9, shipping: 4.9, currency: "EUR" });
  }, 60_000);
});

describe("a doubtful price is not stored", () => {
  it("marks the URL 'Prix incertain' with the reason, stores no reading and fires no alert", async () => {
    const { token } = await signUp();
    const urlId = await track(token, "uncertain-two-prices.html");
    await runner.drain();

    const db = await getDb();
    const [url] = await db.select().from(productUrls).where(eq(productUrls.id, urlId));
    expect(url?.lastStatus).toBe("uncertain");
    expect(url?.lastError?.replace(/\s/g, " ")).toBe(
      "Prix incertain : plusieurs prix plausibles sur la page (39,00 € et 49,00 €)",
    );
    const [task] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.urlId, urlId));
    expect(task).toMatchObject({ status: "failed", retryCount: 0 });
    const count = async (table: typeof priceHistory | typeof alertEvents) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.urlId, urlId)))[0]?.n;
    expect(await count(priceHistory)).toBe(0);
    expect(await count(alertEvents)).toBe(0);
  }, 60_000);
});

describe("a price drawn by JavaScript after load", () => {
  it("is read by the browser, which waits for it after network idle, and the URL remembers the browser path", async () => {
    const { token } = await signUp();
    const urlId = await track(token, "/js-only/late?price=64.90&delay=1500");
    await runner.drain();
    const res = await call(historyRoute, `/api/scraping/urls/${urlId}/history`, { token, params: { urlId } });
    const entries = Array.isArray(res.json) ? res.json : res.json.entries;
    expect(entries[0]).toMatchObject({ price: 64.9, availability: true });
    const db = await getDb();
    const [url] = await db.select().from(productUrls).where(eq(productUrls.id, urlId));
    expect(url).toMatchObject({ lastStatus: "ok", fetchMode: "browser" });
  }, 90_000);
});
