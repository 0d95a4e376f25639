import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { plans, priceHistory, productUrls, products, scrapeTasks, subscriptions } from "@/db/schema";
import { setHostLimits } from "@/lib/fetching/host-politeness";
import { claimRunnable } from "@/lib/jobs/claim-tasks";
import { JobRunner } from "@/lib/workers/job-runner";
import { sweepDueUrls } from "@/lib/jobs/sweep-due-urls";
import { THROTTLE_BASE_MS } from "@/lib/jobs/retry-backoff";
import { signUp } from "../helpers/api";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

// Politeness towards the shops (issue 26.3), against local shops that record what they receive.
let merchant: TMerchantServer;
// a shop of its own (another loopback address): its limits and spacing concern it alone
let busyShop: TMerchantServer;

beforeAll(async () => {
  merchant = await startMerchantServer();
  busyShop = await startMerchantServer({ host: "127.0.0.7" });
});

afterAll(async () => {
  await Promise.all([merchant.close(), busyShop.close()]);
});

const HOUR = 3_600_000;
const PAST = () => new Date(Date.now() - 60_000);

async function workspaceWithProduct(name = "Politesse") {
  const { workspaceId } = await signUp();
  const db = await getDb();
  const [product] = await db.insert(products).values({ workspaceId, name }).returning();
  return { workspaceId, productId: product!.id };
}

async function dueUrls(base: string, n: number, path: (i: number) => string, extra = {}) {
  const { workspaceId, productId } = await workspaceWithProduct();
  const db = await getDb();
  const rows = await db
    .insert(productUrls)
    .values(
      Array.from({ length: n }, (_, i) => ({
        workspaceId,
        productId,
        name: `Source ${i}`,
        url: `${base}${path(i)}`,
        nextCheckAt: PAST(),
        ...extra,
      })),
    )
    .returning();
  return { workspaceId, productId, urls: rows };
}

async function tasksOf(urlIds: string[]) {
  const db = await getDb();
  return db.select().from(scrapeTasks).where(inArray(scrapeTasks.urlId, urlIds));
}

/** `n` due URLs of one shop in one statement (no API calls): `/slow?ms=<ms>&n=<i>`, tagged. */
async function seedSlowUrls(shop: TMerchantServer, n: number, ms: number, tag: string) {
  const { workspaceId, productId } = await workspaceWithProduct();
  await (await getDb()).execute(sql`
    insert into product_urls (workspace_id, product_id, name, url, next_check_at)
    select ${workspaceId}::uuid, ${productId}::uuid, 'Source ' || g,
      ${`${shop.url}/slow?ms=${ms}&tag=${tag}&n=`} || g, now() - interval '1 minute'
    from generate_series(1, ${n}) g`);
  return workspaceId;
}

/** The shop's requests of a tag: how many, how many distinct, the most open at once. */
function requestsOf(shop: TMerchantServer, tag: string) {
  const mine = shop.arrivals.filter((r) => r.search.includes(`tag=${tag}&`));
  return {
    count: mine.length,
    distinct: new Set(mine.map((r) => r.search)).size,
    peak: Math.max(...mine.map((r) => r.inFlight)),
  };
}

/** The closest two starts of the host's tasks of a workspace, as the claims recorded them. */
async function closestStartsMs(workspaceId: string) {
  const [row] = await queryRows<{ closest_ms: number; starts: number }>(
    await getDb(),
    sql`select min(extract(epoch from (started_at - prev)) * 1000)::float8 as closest_ms, count(*)::int as starts
      from (select started_at, lag(started_at) over (order by started_at) as prev
        from scrape_tasks where workspace_id = ${workspaceId}) s`,
  );
  return { closest: Number(row!.closest_ms), starts: Number(row!.starts) };
}

// two instances' claims overlapping for sure (the host's lock holds them in turn): claim-races.pg.test.ts
describe("per-host concurrency and spacing, across app instances", () => {
  it("200 URLs of one shop due at once: two instances claiming keep it to 2 requests at a time, starts the spacing apart (1,000 and more: npm run bench:schedule)", {
    timeout: 300_000,
  }, async () => {
    const SPACING_MS = 2;
    const URLS = 200;
    const tag = randomUUID().slice(0, 6);
    const db = await getDb();
    await setHostLimits(db, "127.0.0.7", { maxConcurrent: 2, minSpacingMs: SPACING_MS });
    const workspaceId = await seedSlowUrls(busyShop, URLS, 10, tag);
    const { tasks } = await sweepDueUrls({ workspaceId });
    expect(tasks).toHaveLength(URLS);
    expect(new Set(tasks.map((t) => t.host))).toEqual(new Set(["127.0.0.7"]));

    // Each instance claims as its runner does (claimRunnable) and "scrapes" a task with one request to the shop
    // (10 ms, longer than the spacing: without the concurrency limit, requests would pile up), then completes it.
    const claimedBy = new Map<string, string[]>();
    const waiting = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from scrape_tasks where workspace_id = ${workspaceId} and status <> 'completed'`,
        )
      )[0]!.n > 0;
    const instance = async (name: string, room: number) => {
      const running = new Set<Promise<void>>();
      for (;;) {
        const { tasks: got, waitMs } = await claimRunnable(name, { limit: room - running.size, perUserLimit: 10_000 });
        for (const t of got) {
          claimedBy.set(t.id, [...(claimedBy.get(t.id) ?? []), name]);
          const run: Promise<void> = fetch(t.url)
            .then((r) => r.text())
            .then(() =>
              db
                .update(scrapeTasks)
                .set({ status: "completed", finishedAt: sql`now()` })
                .where(eq(scrapeTasks.id, t.id)),
            )
            .then(() => void running.delete(run));
          running.add(run);
        }
        if (got.length > 0 && running.size < room) continue;
        if (running.size > 0) await Promise.race(running);
        else if (waitMs !== null) await new Promise((r) => setTimeout(r, waitMs));
        else if (await waiting()) await new Promise((r) => setTimeout(r, 5));
        else return;
      }
    };
    await Promise.all([instance("poli-a", 8), instance("poli-b", 8)]);

    expect(claimedBy.size).toBe(URLS);
    expect([...claimedBy.values()].every((by) => by.length === 1)).toBe(true);
    const requests = requestsOf(busyShop, tag);
    expect(requests).toMatchObject({ count: URLS, distinct: URLS });
    expect(requests.peak).toBeLessThanOrEqual(2);
    const { closest, starts } = await closestStartsMs(workspaceId);
    expect(starts).toBe(URLS);
    expect(closest).toBeGreaterThanOrEqual(SPACING_MS);
  });

  it("two runners scraping one shop: its limits hold end to end, and both drain the queue", {
    timeout: 120_000,
  }, async () => {
    const SPACING_MS = 20;
    const tag = randomUUID().slice(0, 6);
    const shop = await startMerchantServer({ host: "127.0.0.8" });
    try {
      await setHostLimits(await getDb(), "127.0.0.8", { maxConcurrent: 2, minSpacingMs: SPACING_MS });
      const workspaceId = await seedSlowUrls(shop, 12, 60, tag);
      expect((await sweepDueUrls({ workspaceId })).tasks).toHaveLength(12);
      const make = (name: string) =>
        new JobRunner({ concurrency: 4, perUserLimit: 16, workerId: `poli-${name}`, scrape: { browser: false } });
      const a = make("a");
      const b = make("b");
      await Promise.all([a.drain(), b.drain()]);
      await Promise.all([a.stop(0), b.stop(0)]);

      const requests = requestsOf(shop, tag);
      expect(requests).toMatchObject({ count: 12, distinct: 12 });
      expect(requests.peak).toBeLessThanOrEqual(2);
      const done = await (await getDb()).select().from(scrapeTasks).where(eq(scrapeTasks.workspaceId, workspaceId));
      expect(done.map((t) => [t.status, t.error])).toEqual(Array(12).fill(["completed", null]));
      const { closest, starts } = await closestStartsMs(workspaceId);
      expect(starts).toBe(12);
      expect(closest).toBeGreaterThanOrEqual(SPACING_MS);
    } finally {
      await shop.close();
    }
  });
});

describe("shops asking us to slow down", () => {
  it("a 429 with Retry-After: 120 is not retried sooner", async () => {
    const tag = randomUUID().slice(0, 6);
    const { urls } = await dueUrls(merchant.url, 1, () => `/status/429?retry-after=120&t=${tag}`);
    await sweepDueUrls();
    const runner = new JobRunner({ concurrency: 2, scrape: { browser: false } });
    await runner.drain();
    await runner.stop(0);
    const [task] = await tasksOf([urls[0]!.id]);
    expect(task).toMatchObject({ status: "retry", retryCount: 1 });
    expect(task!.runAt.getTime() - task!.updatedAt.getTime()).toBeGreaterThanOrEqual(120_000 - 1000);
    // drained: nothing else was runnable, the shop saw one request
    expect(merchant.arrivals.filter((r) => r.path === "/status/429")).toHaveLength(1);
  });

  it("a 503's backoff grows from one attempt to the next, with jitter between URLs", async () => {
    const { urls } = await dueUrls(merchant.url, 6, (i) => `/status/503?n=${i}`);
    const ids = urls.map((u) => u.id);
    await sweepDueUrls();
    const db = await getDb();
    const delays: number[][] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      const runner = new JobRunner({ concurrency: 6, perHostLimit: 6, scrape: { browser: false } });
      await runner.drain();
      await runner.stop(0);
      const rows = (await tasksOf(ids)).sort((x, y) => x.urlId!.localeCompare(y.urlId!));
      expect(rows.every((t) => t.status === "retry" && t.retryCount === attempt)).toBe(true);
      delays.push(rows.map((t) => t.runAt.getTime() - t.updatedAt.getTime()));
      // due again now: the next attempt runs
      await db.update(scrapeTasks).set({ runAt: sql`now()` }).where(inArray(scrapeTasks.urlId, ids));
    }
    const [first, second] = delays as [number[], number[]];
    const slack = 1000;
    for (const d of first) {
      expect(d).toBeGreaterThanOrEqual(THROTTLE_BASE_MS / 2 - slack);
      expect(d).toBeLessThanOrEqual(THROTTLE_BASE_MS + slack);
    }
    for (const d of second) {
      expect(d).toBeGreaterThanOrEqual(THROTTLE_BASE_MS - slack);
      expect(d).toBeLessThanOrEqual(2 * THROTTLE_BASE_MS + slack);
    }
    first.forEach((d, i) => expect(second[i]!).toBeGreaterThanOrEqual(d - slack));
    expect(new Set(first.map((d) => Math.round(d / 100))).size).toBeGreaterThan(1);
  });
});

describe("one fetch per page", () => {
  it("two products tracking the same page: one request, a reading for each", async () => {
    const { workspaceId, productId } = await workspaceWithProduct("Robot A");
    const db = await getDb();
    const [other] = await db.insert(products).values({ workspaceId, name: "Robot B" }).returning();
    const page = `${merchant.url}/product/shared-${randomUUID().slice(0, 6)}?price=249.00`;
    const urls = await db
      .insert(productUrls)
      .values(
        [productId, other!.id].map((pid) => ({
          workspaceId,
          productId: pid,
          name: "Boutique",
          url: page,
          nextCheckAt: PAST(),
        })),
      )
      .returning();
    const ids = urls.map((u) => u.id);
    const { tasks } = await sweepDueUrls({ workspaceId });
    expect(tasks.map((t) => t.urlId).sort()).toEqual([...ids].sort());
    // one page, one phase: they come due together from now on
    const after = await db.select().from(productUrls).where(inArray(productUrls.id, ids));
    expect(new Set(after.map((u) => u.nextCheckAt!.getTime())).size).toBe(1);

    const runner = new JobRunner({ concurrency: 4, scrape: { browser: false } });
    await runner.drain();
    await runner.stop(0);
    expect(merchant.hits.get(new URL(page).pathname)).toBe(1);
    const readings = await db.select().from(priceHistory).where(inArray(priceHistory.urlId, ids));
    expect(readings.map((r) => r.urlId).sort()).toEqual([...ids].sort());
    expect(readings.every((r) => r.price === "249.00")).toBe(true);
    expect((await tasksOf(ids)).every((t) => t.status === "completed")).toBe(true);
  });
});

describe("hourly checks spread over the hour", () => {
  it("600 hourly URLs due at once get start offsets all over the hour, not at :00", async () => {
    const { workspaceId, urls } = await dueUrls(merchant.url, 600, (i) => `/product/hourly-${i}`, {
      trackingFrequency: "hourly",
    });
    const db = await getDb();
    const [plan] = await db.select().from(plans).where(eq(plans.code, "professionnel"));
    await db
      .update(subscriptions)
      .set({ planId: plan!.id, status: "active" })
      .where(eq(subscriptions.workspaceId, workspaceId));
    await sweepDueUrls({ workspaceId });
    const rows = await db
      .select({ next: productUrls.nextCheckAt })
      .from(productUrls)
      .where(
        inArray(
          productUrls.id,
          urls.map((u) => u.id),
        ),
      );
    const perMinute = new Map<number, number>();
    for (const r of rows) {
      const minute = Math.floor((r.next!.getTime() % HOUR) / 60_000);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    }
    // 10 a minute on average: every minute of the hour is used, none takes a crowd
    expect(perMinute.size).toBeGreaterThanOrEqual(55);
    expect(Math.max(...perMinute.values())).toBeLessThanOrEqual(30);
  });
});
