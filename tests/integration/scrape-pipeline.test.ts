import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { priceHistory, productUrls, scrapeTasks } from "@/db/schema";
import { POST as createProduct } from "@/app/api/products/route";
import { POST as scrapeUrlRoute } from "@/app/api/scraping/urls/[urlId]/scrape/route";
import { GET as historyRoute } from "@/app/api/scraping/urls/[urlId]/history/route";
import { GET as getTaskRoute } from "@/app/api/queue/tasks/[taskId]/route";
import { JobRunner } from "@/lib/workers/job-runner";
import { closeBrowser, renderPage } from "@/lib/scraping/browser";
import { call, signUp } from "../helpers/api";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;
let runner: JobRunner;

beforeAll(async () => {
  merchant = await startMerchantServer();
  runner = new JobRunner({ concurrency: 4, retryDelayMs: () => 0 });
});

afterAll(async () => {
  await runner.stop(1000);
  await closeBrowser();
  await merchant.close();
});

async function track(token: string, path: string, name = "Boutique") {
  const res = await call(createProduct, "/api/products", {
    token,
    body: { name: `Produit ${path}`, urls: [{ name, url: `${merchant.url}${path}`, tracking_frequency: "daily" }] },
  });
  expect(res.status).toBe(201);
  return { productId: res.json.id as string, urlId: res.json.urls[0].id as string };
}

const history = (token: string, urlId: string) =>
  call(historyRoute, `/api/scraping/urls/${urlId}/history`, { token, params: { urlId } });

async function urlRow(urlId: string) {
  const db = await getDb();
  const [row] = await db.select().from(productUrls).where(eq(productUrls.id, urlId));
  return row!;
}

async function tasksOf(urlId: string) {
  const db = await getDb();
  return db.select().from(scrapeTasks).where(eq(scrapeTasks.urlId, urlId)).orderBy(scrapeTasks.createdAt);
}

describe("add URL → task → history → API", () => {
  it("scrapes the first price of a new URL and shows it in the history", async () => {
    const { token } = await signUp();
    merchant.setPrice("kettle", "1299.99");
    const { urlId } = await track(token, "/product/kettle");
    const [first] = await tasksOf(urlId);
    expect(first).toMatchObject({ status: "pending", trigger: "first" });
    await runner.drain();

    const res = await history(token, urlId);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({ price: 1299.99, currency: "EUR", availability: true });
    expect(typeof res.json[0].id).toBe("number");

    const task = await call(getTaskRoute, `/api/queue/tasks/${first!.id}`, { token, params: { taskId: first!.id } });
    expect(task.json).toMatchObject({
      task_id: first!.id,
      status: "completed",
      retry_count: 0,
      url_id: urlId,
      error: null,
      result: {
        price: 1299.99,
        currency: "EUR",
        available: true,
        fetch_mode: "static",
        ai_used: false,
        price_history_id: res.json[0].id,
      },
      metadata: { task_id: first!.id, trigger: "first" },
    });
    expect(task.json.started_at).not.toBeNull();
    expect(task.json.finished_at).not.toBeNull();
    const url = await urlRow(urlId);
    expect(url).toMatchObject({ lastStatus: "ok", lastError: null, consecutiveFailures: 0, fetchMode: "static" });
  });

  it("records each new price, newest first, on a manual re-scrape", async () => {
    const { token } = await signUp();
    const { urlId } = await track(token, "/changing/lamp");
    await runner.drain();
    const started = await call(scrapeUrlRoute, `/api/scraping/urls/${urlId}/scrape`, {
      token,
      params: { urlId },
      method: "POST",
    });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ status: "pending", priority: "high", url_id: urlId, created: true });
    // a second click while it waits answers the same task
    const again = await call(scrapeUrlRoute, `/api/scraping/urls/${urlId}/scrape`, {
      token,
      params: { urlId },
      method: "POST",
    });
    expect(again.json.task_id).toBe(started.json.task_id);
    await runner.drain();
    const res = await history(token, urlId);
    expect(res.json.map((e: { price: number }) => e.price)).toEqual([12, 11]);
  });

  it("keeps a real out-of-stock reading", async () => {
    const { token } = await signUp();
    merchant.setPrice("sold-out", null, false);
    const { urlId } = await track(token, "/product/sold-out");
    await runner.drain();
    const res = await history(token, urlId);
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({ price: null, availability: false });
  });

  it("hides entries older than the plan's retention", async () => {
    const { token } = await signUp();
    const { urlId } = await track(token, "/product/retention");
    await runner.drain();
    const db = await getDb();
    await db.insert(priceHistory).values([
      { urlId, price: "10.00", currency: "EUR", available: true, createdAt: new Date(Date.now() - 40 * 86_400_000) },
      { urlId, price: "11.00", currency: "EUR", available: true, createdAt: new Date(Date.now() - 20 * 86_400_000) },
    ]);
    const res = await history(token, urlId);
    expect(res.json.map((e: { price: number }) => e.price)).toEqual([19.99, 11]);
  });
});

describe("browser escalation", () => {
  it("renders a JavaScript-only page in Chromium and remembers it for the next time", async () => {
    const { token } = await signUp();
    const { urlId } = await track(token, "/js-only/console?price=249.00");
    await runner.drain();
    const res = await history(token, urlId);
    expect(res.json[0]).toMatchObject({ price: 249, availability: true });
    expect((await urlRow(urlId)).fetchMode).toBe("browser");
    expect(merchant.hits.get("/js-only/console")).toBe(2); // static attempt, then the browser

    await call(scrapeUrlRoute, `/api/scraping/urls/${urlId}/scrape`, { token, params: { urlId }, method: "POST" });
    await runner.drain();
    expect(merchant.hits.get("/js-only/console")).toBe(3); // straight to the browser
    const [, second] = await tasksOf(urlId);
    expect(second!.result).toMatchObject({ fetch_mode: "browser" });
  }, 60_000);
});

describe("the browser behind the guard", () => {
  it("refuses a redirect of the page to the metadata address and a crash of Chromium is survived", async () => {
    const target = encodeURIComponent("http://169.254.169.254/latest/meta-data/");
    await expect(renderPage(`${merchant.url}/redirect-to?url=${target}`, { allowPrivate: true })).rejects.toMatchObject(
      {
        code: "blocked_address",
      },
    );
    const browser = await (
      globalThis as unknown as { __veilleprixBrowser: Promise<{ process(): { kill(s: string): void } | null }> }
    ).__veilleprixBrowser;
    browser.process()!.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 300));
    const page = await renderPage(`${merchant.url}/js-only/after-crash?price=3.00`, { allowPrivate: true });
    expect(page.html).toContain("3,00");
  }, 60_000);
});

describe("failures", () => {
  it("an HTTP error fails the task after 3 attempts, shows the reason on the URL and writes no price", async () => {
    const { token } = await signUp();
    const { urlId } = await track(token, "/status/500");
    const before = (await urlRow(urlId)).nextCheckAt;
    await runner.drain();
    const [task] = await tasksOf(urlId);
    expect(task).toMatchObject({
      status: "failed",
      retryCount: 2,
      error: "Le site marchand a répondu par une erreur (HTTP 500)",
    });
    expect(merchant.hits.get("/status/500")).toBe(3);
    expect(await urlRow(urlId)).toMatchObject({
      lastStatus: "error",
      lastError: "Le site marchand a répondu par une erreur (HTTP 500)",
      consecutiveFailures: 3,
      nextCheckAt: before,
    });
    expect((await history(token, urlId)).json).toEqual([]);
  });

  it("a bot wall is 'blocked', never out of stock", async () => {
    const { token } = await signUp();
    const { urlId } = await track(token, "/bot/perimeterx");
    await runner.drain();
    const [task] = await tasksOf(urlId);
    expect(task!.status).toBe("failed");
    expect(task!.error).toBe("Accès bloqué par une protection anti-robot (PerimeterX)");
    expect(await urlRow(urlId)).toMatchObject({ lastStatus: "blocked" });
    expect((await history(token, urlId)).json).toEqual([]);
  }, 60_000);

  it("a redirect to the cloud metadata address is refused at once, without retries", async () => {
    const { token } = await signUp();
    const target = encodeURIComponent("http://169.254.169.254/latest/meta-data/");
    const { urlId } = await track(token, `/redirect-to?url=${target}`);
    await runner.drain();
    const [task] = await tasksOf(urlId);
    expect(task).toMatchObject({ status: "failed", retryCount: 0 });
    expect(task!.error).toContain("Adresse refusée : 169.254.169.254");
    expect(await urlRow(urlId)).toMatchObject({ lastStatus: "error" });
  });

  it("a page with no price is 'no_price'; a 50 MB page is refused", async () => {
    const { token } = await signUp();
    const { urlId } = await track(token, "/pages/trap-no-price-quote.html");
    const { urlId: hugeId } = await track(token, "/huge");
    await runner.drain();
    expect(await urlRow(urlId)).toMatchObject({ lastStatus: "no_price", lastError: "Aucun prix trouvé sur la page" });
    const [huge] = await tasksOf(hugeId);
    expect(huge).toMatchObject({ status: "failed", error: "Page trop volumineuse (plus de 5 Mo)" });
    const db = await getDb();
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(priceHistory)
      .where(eq(priceHistory.urlId, hugeId));
    expect(rows[0]!.n).toBe(0);
  }, 60_000);

  it("a gzip bomb and an endless chunked body fail at once as 'Page trop volumineuse', not retried", async () => {
    const { token } = await signUp();
    for (const path of ["/gzip-bomb", "/endless"]) {
      const { urlId } = await track(token, path);
      await runner.drain();
      const tasks = await tasksOf(urlId);
      expect(tasks.map((t) => [t.status, t.retryCount, t.error])).toEqual([
        ["failed", 0, "Page trop volumineuse (plus de 5 Mo)"],
      ]);
      expect(await urlRow(urlId)).toMatchObject({
        lastStatus: "error",
        lastError: "Page trop volumineuse (plus de 5 Mo)",
      });
    }
  }, 60_000);
});
