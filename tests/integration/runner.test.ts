import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { plans, priceHistory, productUrls, products, scrapeTasks, subscriptions } from "@/db/schema";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { JobRunner } from "@/lib/workers/job-runner";
import { purgeHistory } from "@/lib/jobs/purge-history";
import { recoverStuckTasks } from "@/lib/jobs/recover-stuck-tasks";
import { sweepDueUrls } from "@/lib/jobs/sweep-due-urls";
import { createProduct } from "@/lib/products/create-product";
import { signUp } from "../helpers/api";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;

beforeAll(async () => {
  merchant = await startMerchantServer();
});

afterAll(async () => {
  await merchant.close();
});

const HOUR = 3_600_000;

/** A user with one product and `n` tracked URLs written straight to the database (no first task). */
async function seedUrls(n: number, path: (i: number) => string, extra: Partial<typeof productUrls.$inferInsert> = {}) {
  const { workspaceId } = await signUp();
  const db = await getDb();
  const [product] = await db.insert(products).values({ workspaceId, name: "Banc d'essai" }).returning();
  const rows = await db
    .insert(productUrls)
    .values(
      Array.from({ length: n }, (_, i) => ({
        workspaceId,
        productId: product!.id,
        name: `Source ${i}`,
        url: `${merchant.url}${path(i)}`,
        nextCheckAt: new Date(Date.now() + 24 * HOUR),
        ...extra,
      })),
    )
    .returning();
  return { workspaceId, productId: product!.id, urls: rows };
}

async function setPlan(workspaceId: string, code: string) {
  const db = await getDb();
  const [plan] = await db.select().from(plans).where(eq(plans.code, code));
  await db
    .update(subscriptions)
    .set({ planId: plan!.id, status: "active" })
    .where(eq(subscriptions.workspaceId, workspaceId));
}

describe("two runners on one database", () => {
  // two runners claiming at once, overlapping for sure (a task is never scraped twice): claim-races.pg.test.ts
  it("runs at most perUserLimit tasks of one tenant at once, whatever the runners' room", async () => {
    const { workspaceId, productId, urls } = await seedUrls(12, (i) => `/slow?ms=150&tenant=${i}`);
    await enqueueScrape(
      urls.map((u) => ({ workspaceId, productId, urlId: u.id, url: u.url, trigger: "manual" as const })),
    );
    merchant.resetPeak();
    const runner = new JobRunner({ concurrency: 8, perHostLimit: 8, perUserLimit: 3, scrape: { browser: false } });
    await runner.drain();
    await runner.stop(0);
    expect(merchant.peakInFlight()).toBe(3);
  });

  it("runs at most two tasks of one merchant host at once", async () => {
    const { workspaceId, productId, urls } = await seedUrls(6, (i) => `/slow?ms=150&n=${i}`);
    await enqueueScrape(
      urls.map((u) => ({ workspaceId, productId, urlId: u.id, url: u.url, trigger: "manual" as const })),
    );
    merchant.resetPeak();
    const runner = new JobRunner({ concurrency: 6, scrape: { browser: false } });
    await runner.drain();
    await runner.stop(0);
    expect(merchant.peakInFlight()).toBe(2);
  });
});

describe("sweep", () => {
  it("queues exactly the due, unpaused, idle URLs and moves their next check one period on", async () => {
    const db = await getDb();
    const { workspaceId, productId, urls } = await seedUrls(6, (i) => `/product/sweep-${i}`);
    const [due, never, future, paused, busy, hourly] = urls as [
      (typeof urls)[0],
      (typeof urls)[0],
      (typeof urls)[0],
      (typeof urls)[0],
      (typeof urls)[0],
      (typeof urls)[0],
    ];
    const past = new Date(Date.now() - 60_000);
    await db
      .update(productUrls)
      .set({ nextCheckAt: past })
      .where(inArray(productUrls.id, [due.id, busy.id, paused.id]));
    await db.update(productUrls).set({ nextCheckAt: null }).where(eq(productUrls.id, never.id));
    await db.update(productUrls).set({ paused: true }).where(eq(productUrls.id, paused.id));
    await db
      .update(productUrls)
      .set({ nextCheckAt: past, trackingFrequency: "hourly" })
      .where(eq(productUrls.id, hourly.id));
    await enqueueScrape({ workspaceId, productId, urlId: busy.id, url: busy.url, trigger: "manual" });

    const before = Date.now();
    const { tasks } = await sweepDueUrls();
    const mine = tasks.filter((t) => t.productId === productId);
    expect(new Set(mine.map((t) => t.urlId))).toEqual(new Set([due.id, never.id, hourly.id]));
    expect(mine.every((t) => t.trigger === "schedule" && t.status === "pending" && t.priority === "low")).toBe(true);

    const after = new Map(
      (await db.select().from(productUrls).where(eq(productUrls.productId, productId))).map((r) => [r.id, r]),
    );
    for (const id of [due.id, never.id, busy.id]) {
      const gap = after.get(id)!.nextCheckAt!.getTime() - before;
      expect(gap).toBeGreaterThanOrEqual(12 * HOUR - 5000);
      expect(gap).toBeLessThan(36 * HOUR);
    }
    // Freemium has no automation: an hourly URL is checked daily at most
    expect(after.get(hourly.id)!.nextCheckAt!.getTime() - before).toBeGreaterThanOrEqual(12 * HOUR - 5000);
    expect(after.get(paused.id)!.nextCheckAt!.getTime()).toBe(past.getTime());
    expect(after.get(future.id)!.nextCheckAt!.getTime()).toBe(future.nextCheckAt!.getTime());

    const again = await sweepDueUrls();
    expect(again.tasks.filter((t) => t.productId === productId)).toEqual([]);
  });

  it("does not scrape a new URL a second time right after its first scrape", async () => {
    const { workspaceId } = await signUp();
    await createProduct(workspaceId, {
      name: "Nouveau produit",
      urls: [{ name: "Boutique", url: `${merchant.url}/product/new-url?price=10.00`, tracking_frequency: "daily" }],
    });
    const runner = new JobRunner({ concurrency: 1, retryDelayMs: () => 0 });
    await runner.drain();
    await runner.stop(1000);
    const db = await getDb();
    const [task] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.workspaceId, workspaceId));
    expect(task).toMatchObject({ status: "completed", trigger: "first" });
    const { tasks } = await sweepDueUrls({ workspaceId });
    expect(tasks).toEqual([]);
    expect(merchant.hits.get("/product/new-url")).toBe(1);
  });

  it("checks hourly URLs every hour on a plan with automation", async () => {
    const db = await getDb();
    const { workspaceId, urls } = await seedUrls(1, () => "/product/hourly-pro", {
      trackingFrequency: "hourly",
      nextCheckAt: new Date(Date.now() - 1000),
    });
    await setPlan(workspaceId, "professionnel");
    const before = Date.now();
    const { tasks } = await sweepDueUrls();
    expect(tasks.some((t) => t.urlId === urls[0]!.id)).toBe(true);
    const [row] = await db.select().from(productUrls).where(eq(productUrls.id, urls[0]!.id));
    const gap = row!.nextCheckAt!.getTime() - before;
    expect(gap).toBeGreaterThanOrEqual(HOUR / 2 - 5000);
    expect(gap).toBeLessThan(1.5 * HOUR);
  });
});

describe("recovery, shutdown, purge", () => {
  it("puts tasks stuck in processing back in the queue, or fails them when out of attempts", async () => {
    const db = await getDb();
    const { workspaceId, productId, urls } = await seedUrls(2, (i) => `/product/stuck-${i}`);
    const [a, b] = await enqueueScrape(
      urls.map((u) => ({ workspaceId, productId, urlId: u.id, url: u.url, trigger: "manual" as const })),
    );
    const old = new Date(Date.now() - 10 * 60_000);
    await db
      .update(scrapeTasks)
      .set({ status: "processing", lockedBy: "dead", startedAt: old })
      .where(inArray(scrapeTasks.id, [a!.id, b!.id]));
    await db.update(scrapeTasks).set({ retryCount: 3 }).where(eq(scrapeTasks.id, b!.id));
    expect(await recoverStuckTasks({ olderThanMs: 5 * 60_000 })).toBeGreaterThanOrEqual(2);
    const rows = new Map(
      (
        await db
          .select()
          .from(scrapeTasks)
          .where(inArray(scrapeTasks.id, [a!.id, b!.id]))
      ).map((r) => [r.id, r]),
    );
    expect(rows.get(a!.id)).toMatchObject({ status: "retry", retryCount: 1, lockedBy: null });
    expect(rows.get(b!.id)).toMatchObject({ status: "failed", retryCount: 3 });
  });

  it("on shutdown, finishes what ends within the grace period and releases the rest", async () => {
    const db = await getDb();
    const leftovers = new JobRunner({ scrape: { browser: false } });
    await leftovers.drain(); // tasks other tests left runnable
    await leftovers.stop(0);
    const { workspaceId, productId, urls } = await seedUrls(2, (i) => (i === 0 ? "/slow?ms=200" : "/slow?ms=5000"));
    const [quick, slow] = await enqueueScrape(
      urls.map((u) => ({ workspaceId, productId, urlId: u.id, url: u.url, trigger: "manual" as const })),
    );
    const runner = new JobRunner({ concurrency: 2, perHostLimit: 2, workerId: "stopping", scrape: { browser: false } });
    void runner.wake();
    for (let i = 0; i < 100 && runner.activeCount < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(runner.activeCount).toBe(2);
    await runner.stop(1000);
    const rows = new Map(
      (
        await db
          .select()
          .from(scrapeTasks)
          .where(inArray(scrapeTasks.id, [quick!.id, slow!.id]))
      ).map((r) => [r.id, r]),
    );
    expect(rows.get(quick!.id)).toMatchObject({ status: "completed" });
    expect(rows.get(slow!.id)).toMatchObject({ status: "pending", lockedBy: null, startedAt: null, retryCount: 0 });
  });

  it("purges history beyond each owner's plan retention", async () => {
    const db = await getDb();
    const free = await seedUrls(1, () => "/product/purge-free");
    const big = await seedUrls(1, () => "/product/purge-big");
    await setPlan(big.workspaceId, "entreprise");
    const day = 86_400_000;
    const rows = (urlId: string) => [
      { urlId, price: "1.00", currency: "EUR", available: true, createdAt: new Date(Date.now() - 400 * day) },
      { urlId, price: "2.00", currency: "EUR", available: true, createdAt: new Date(Date.now() - 40 * day) },
      { urlId, price: "3.00", currency: "EUR", available: true, createdAt: new Date(Date.now() - 20 * day) },
    ];
    await db.insert(priceHistory).values([...rows(free.urls[0]!.id), ...rows(big.urls[0]!.id)]);
    await purgeHistory();
    const left = async (urlId: string) =>
      (
        await db
          .select()
          .from(priceHistory)
          .where(and(eq(priceHistory.urlId, urlId)))
      )
        .map((r) => r.price)
        .sort();
    expect(await left(free.urls[0]!.id)).toEqual(["3.00"]);
    expect(await left(big.urls[0]!.id)).toEqual(["2.00", "3.00"]);
  });
});
