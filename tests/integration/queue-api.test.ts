import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { productUrls, scrapeTasks } from "@/db/schema";
import { POST as createProduct } from "@/app/api/products/route";
import { POST as queueScrape } from "@/app/api/queue/scrape/route";
import { GET as listTasks } from "@/app/api/queue/tasks/route";
import { GET as getTask } from "@/app/api/queue/tasks/[taskId]/route";
import { POST as cancelTask } from "@/app/api/queue/tasks/[taskId]/cancel/route";
import { POST as retryTask } from "@/app/api/queue/tasks/[taskId]/retry/route";
import { POST as batch } from "@/app/api/queue/tasks/batch/route";
import { POST as scheduled } from "@/app/api/queue/tasks/scheduled/route";
import { GET as productTasks } from "@/app/api/queue/products/[id]/tasks/route";
import { GET as historyRoute } from "@/app/api/scraping/urls/[urlId]/history/route";
import { POST as scrapeUrlRoute } from "@/app/api/scraping/urls/[urlId]/scrape/route";
import { JobRunner } from "@/lib/workers/job-runner";
import { closeBrowser } from "@/lib/scraping/browser";
import { call, signUp } from "../helpers/api";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;
let runner: JobRunner;

beforeAll(async () => {
  merchant = await startMerchantServer();
  runner = new JobRunner({ concurrency: 4, retryDelayMs: () => 0, scrape: { browser: false } });
});

afterAll(async () => {
  await runner.stop(1000);
  await closeBrowser();
  await merchant.close();
});

async function product(token: string, paths: string[]) {
  const res = await call(createProduct, "/api/products", {
    token,
    body: { name: "Cafetière", urls: paths.map((p, i) => ({ name: `Source ${i}`, url: `${merchant.url}${p}` })) },
  });
  expect(res.status).toBe(201);
  return { productId: res.json.id as string, urlIds: (res.json.urls as { id: string }[]).map((u) => u.id) };
}

const task = (token: string, taskId: string) =>
  call(getTask, `/api/queue/tasks/${taskId}`, { token, params: { taskId } });
const cancel = (token: string, taskId: string) =>
  call(cancelTask, `/api/queue/tasks/${taskId}/cancel`, { token, params: { taskId }, method: "POST" });
const retry = (token: string, taskId: string, force?: boolean) =>
  call(retryTask, `/api/queue/tasks/${taskId}/retry`, {
    token,
    params: { taskId },
    body: force === undefined ? {} : { force },
  });

async function waitForStatus(taskId: string, status: string) {
  const db = await getDb();
  for (let i = 0; i < 100; i++) {
    const [row] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.id, taskId));
    if (row?.status === status) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`la tâche n'est jamais passée à ${status}`);
}

describe("cancel", () => {
  it("cancels a waiting task, which never runs", async () => {
    const { token } = await signUp();
    const { urlIds } = await product(token, ["/product/cancel-me"]);
    const [first] = (await call(listTasks, "/api/queue/tasks", { token, query: { status: "active" } })).json;
    expect(first).toMatchObject({ status: "pending", url_id: urlIds[0] });
    const res = await cancel(token, first.task_id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "cancelled", task_id: first.task_id });
    await runner.drain();
    expect((await task(token, first.task_id)).json.status).toBe("cancelled");
    expect(merchant.hits.get("/product/cancel-me")).toBeUndefined();
    expect((await cancel(token, first.task_id)).status).toBe(409);
  });

  it("aborts a running scrape, which writes nothing", async () => {
    const { token } = await signUp();
    const { urlIds } = await product(token, ["/slow?ms=4000"]);
    const [t] = (await call(listTasks, "/api/queue/tasks", { token, query: { status: "pending" } })).json;
    const drained = runner.drain();
    await waitForStatus(t.task_id, "processing");
    for (let i = 0; i < 100 && !merchant.hits.get("/slow"); i++) await new Promise((r) => setTimeout(r, 20));
    expect((await cancel(token, t.task_id)).json.status).toBe("cancelled");
    await drained;
    // the scraper hung up on the merchant instead of waiting for the page
    for (let i = 0; i < 20 && !merchant.hits.get("/slow#aborted"); i++) await new Promise((r) => setTimeout(r, 25));
    expect(merchant.hits.get("/slow#aborted")).toBe(1);
    expect((await task(token, t.task_id)).json).toMatchObject({ status: "cancelled", result: null });
    const history = await call(historyRoute, "/h", { token, params: { urlId: urlIds[0]! } });
    expect(history.json).toEqual([]);
  });
});

describe("retry", () => {
  it("re-runs a failed task (retry_count + 1); a completed one only with force", async () => {
    const { token } = await signUp();
    await product(token, ["/status/404", "/product/fine"]);
    await runner.drain();
    const all = (await call(listTasks, "/api/queue/tasks", { token })).json as {
      task_id: string;
      status: string;
      url: string;
    }[];
    const failed = all.find((t) => t.url.endsWith("/status/404"))!;
    const done = all.find((t) => t.url.endsWith("/product/fine"))!;
    expect(failed).toMatchObject({ status: "failed", retry_count: 0, error: "Page introuvable (HTTP 404)" });
    expect(done.status).toBe("completed");

    const again = await retry(token, failed.task_id);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: "pending", retry_count: 1, error: null });
    await runner.drain();
    expect((await task(token, failed.task_id)).json).toMatchObject({ status: "failed", retry_count: 1 });
    expect(merchant.hits.get("/status/404")).toBe(2);

    expect((await retry(token, done.task_id)).status).toBe(409);
    const forced = await retry(token, done.task_id, true);
    expect(forced.json).toMatchObject({ status: "pending", retry_count: 1 });
    await runner.drain();
    expect((await task(token, done.task_id)).json.status).toBe("completed");
  });
});

describe("POST /api/queue/scrape", () => {
  it("waits for the finished task by default, or answers the pending task", async () => {
    const { token, userId } = await signUp();
    const { urlIds, productId } = await product(token, ["/product/wait"]);
    await runner.drain();
    const live = new JobRunner({ concurrency: 2, pollMs: 50, scrape: { browser: false } });
    live.start();
    try {
      const waited = await call(queueScrape, "/api/queue/scrape", {
        token,
        body: {
          url: `${merchant.url}/product/wait`,
          use_ai: true,
          options: { url_id: urlIds[0], product_id: productId },
        },
      });
      expect(waited.status).toBe(200);
      expect(waited.json).toMatchObject({
        status: "completed",
        url_id: urlIds[0],
        result: { price: 19.99, ai_used: false },
      });
      expect(waited.json.metadata).toMatchObject({ use_ai: true, task_id: waited.json.task_id });

      const now = await call(queueScrape, "/api/queue/scrape", {
        token,
        query: { wait: "false" },
        body: { url: `${merchant.url}/product/adhoc?price=5.50` },
      });
      expect(now.status).toBe(202);
      expect(now.json).toMatchObject({ status: "pending", url_id: null });

      const short = await call(queueScrape, "/api/queue/scrape", {
        token,
        query: { wait: "true", timeout: "1" },
        body: { url: `${merchant.url}/slow?ms=2500` },
      });
      expect(short.status).toBe(202);
      expect(["pending", "processing"]).toContain(short.json.status);

      const blocked = await call(queueScrape, "/api/queue/scrape", {
        token,
        body: { url: "http://169.254.169.254/latest/meta-data/" },
      });
      expect(blocked.json).toMatchObject({ status: "failed", retry_count: 0 });
      expect(blocked.json.error).toContain("Adresse refusée");
      const adhoc = await task(token, now.json.task_id);
      expect(adhoc.json).toMatchObject({ status: "completed", result: { price: 5.5 } });
    } finally {
      await live.stop(5000);
    }
    expect(userId).toBeTruthy();
  });

  it("validates its input", async () => {
    const { token } = await signUp();
    expect((await call(queueScrape, "/api/queue/scrape", { token, body: {} })).status).toBe(422);
    const bad = await call(queueScrape, "/api/queue/scrape", { token, body: { url: "ftp://x" } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe("Veuillez saisir une URL valide (http ou https)");
    const slow = await call(queueScrape, "/api/queue/scrape", {
      token,
      query: { timeout: "301" },
      body: { url: "http://a.fr" },
    });
    expect(slow.status).toBe(422);
  });
});

describe("lists, batch, scheduled, ownership", () => {
  it("lists active and recent tasks and a product's tasks", async () => {
    const { token } = await signUp();
    const { productId } = await product(token, ["/product/l1", "/product/l2"]);
    const active = await call(listTasks, "/api/queue/tasks", { token, query: { status: "active" } });
    expect(active.json).toHaveLength(2);
    await runner.drain();
    expect((await call(listTasks, "/api/queue/tasks", { token, query: { status: "active" } })).json).toEqual([]);
    const recent = await call(listTasks, "/api/queue/tasks", { token });
    expect(recent.json.map((t: { status: string }) => t.status)).toEqual(["completed", "completed"]);
    const per = await call(productTasks, "/p", { token, params: { id: productId } });
    expect(per.json).toHaveLength(2);
    expect((await call(listTasks, "/api/queue/tasks", { token, query: { status: "bogus" } })).status).toBe(422);
  });

  it("batch: queues the listed URLs with their priority and records use_ai; no URL is refused", async () => {
    const { token } = await signUp();
    const { productId, urlIds } = await product(token, ["/product/b1", "/product/b2"]);
    await runner.drain();
    const empty = await call(batch, "/api/queue/tasks/batch", { token, body: { urls: [], priority: "high" } });
    expect(empty.status).toBe(422);
    expect(empty.json).toEqual({ detail: "Aucune URL trouvée pour ce produit", code: "no_urls" });
    const res = await call(batch, "/api/queue/tasks/batch", {
      token,
      body: {
        urls: [{ url_id: urlIds[0] }, { url: `${merchant.url}/product/b2`, options: { product_id: productId } }],
        priority: "high",
        use_ai: true,
      },
    });
    expect(res.status).toBe(202);
    expect(res.json.count).toBe(2);
    expect(
      res.json.tasks.every(
        (t: { priority: string; metadata: { use_ai: boolean } }) => t.priority === "high" && t.metadata.use_ai,
      ),
    ).toBe(true);
    const defaults = await call(batch, "/api/queue/tasks/batch", { token, body: { urls: [{ url_id: urlIds[0] }] } });
    expect(defaults.json.priority).toBe("normal");
    await runner.drain();
  });

  it("scheduled: queues the due URLs; a product without URLs is refused", async () => {
    const { token } = await signUp();
    const { productId, urlIds } = await product(token, ["/product/s1"]);
    await runner.drain();
    const db = await getDb();
    await db
      .update(productUrls)
      .set({ nextCheckAt: new Date(Date.now() + 3_600_000) })
      .where(eq(productUrls.id, urlIds[0]!));
    expect((await call(scheduled, "/s", { token, body: {} })).json.count).toBe(0);
    const all = await call(scheduled, "/s", { token, body: { all: true, product_id: productId } });
    expect(all.status).toBe(202);
    expect(all.json.count).toBe(1);
    const bare = await call(createProduct, "/api/products", { token, body: { name: "Sans URL" } });
    const none = await call(scheduled, "/s", { token, body: { product_id: bare.json.id } });
    expect(none.status).toBe(422);
    expect(none.json.detail).toBe("Aucune URL trouvée pour ce produit");
    await runner.drain();
  });

  it("another user's task, URL and product are 404", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { productId, urlIds } = await product(owner.token, ["/product/mine"]);
    const [t] = (await call(listTasks, "/api/queue/tasks", { token: owner.token })).json;
    const urlId = urlIds[0]!;
    expect((await task(other.token, t.task_id)).status).toBe(404);
    expect((await cancel(other.token, t.task_id)).status).toBe(404);
    expect((await retry(other.token, t.task_id, true)).status).toBe(404);
    expect((await call(historyRoute, "/h", { token: other.token, params: { urlId } })).status).toBe(404);
    expect((await call(scrapeUrlRoute, "/s", { token: other.token, params: { urlId }, method: "POST" })).status).toBe(
      404,
    );
    expect((await call(productTasks, "/p", { token: other.token, params: { id: productId } })).status).toBe(404);
    expect((await call(batch, "/b", { token: other.token, body: { urls: [{ url_id: urlId }] } })).status).toBe(404);
    expect((await task(other.token, "pas-un-uuid")).status).toBe(404);
    expect((await call(listTasks, "/api/queue/tasks", { token: other.token })).json).toEqual([]);
    expect((await call(listTasks, "/api/queue/tasks", {})).status).toBe(401);
    await runner.drain();
  });

  it("rate limits a user's manual scrapes", async () => {
    const { token } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await call(queueScrape, "/api/queue/scrape", {
        token,
        query: { wait: "false" },
        body: { url: `${merchant.url}/product/rl-${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
    await runner.drain();
  });
});
