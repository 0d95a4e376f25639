// Claims of two app instances at once, forced (tests/helpers/forced-race.ts): the first instance's claim stops
// right after writing its tasks' claim, its hosts' rows locked (lockHostSlots); the second instance's claim must
// wait on that lock, then count the first's claim: a task is never run twice, and a host's limit and spacing hold
// across instances. Without the hosts' lock, the second claims beside the first without waiting. PostgreSQL only
// (`.pg.test.ts`): PGlite has one connection.
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { priceHistory, productUrls, products, scrapeTasks } from "@/db/schema";
import { setHostLimits } from "@/lib/fetching/host-politeness";
import { claimRunnable } from "@/lib/jobs/claim-tasks";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { JobRunner } from "@/lib/workers/job-runner";
import { signUp } from "../helpers/api";
import { forcedRace, settle, waitersOn } from "../helpers/forced-race";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

if (!process.env.DATABASE_URL) throw new Error("claim-races.pg.test.ts : PostgreSQL seulement");

let merchant: TMerchantServer;
beforeAll(async () => {
  merchant = await startMerchantServer();
});
afterAll(async () => {
  await merchant.close();
});

/** Where a claim by `workerId` stops: its tasks' move to 'processing'. */
const claimBy = (workerId: string) => ({
  table: "scrape_tasks",
  when: `new.locked_by = '${workerId}' and new.status = 'processing'`,
});

describe("two runners on one database (forced race)", () => {
  it("never scrape a task twice: the second runner's claim waits for the first's, then takes other tasks", async () => {
    const tag = randomUUID().slice(0, 6);
    const { workspaceId } = await signUp();
    const db = await getDb();
    const [product] = await db.insert(products).values({ workspaceId, name: "Banc d'essai" }).returning();
    const urls = await db
      .insert(productUrls)
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          workspaceId,
          productId: product!.id,
          name: `Source ${i}`,
          url: `${merchant.url}/product/${tag}-${i}?price=${i + 1}.00`,
        })),
      )
      .returning();
    await enqueueScrape(
      urls.map((u) => ({ workspaceId, productId: product!.id, urlId: u.id, url: u.url, trigger: "manual" as const })),
    );
    // the shop's row exists, as once it has been claimed before: the two claims meet on its lock, not its insert
    await setHostLimits(db, new URL(merchant.url).hostname, { maxConcurrent: null });
    const seen: Record<string, string[]> = {};
    const make = (name: string) =>
      new JobRunner({
        concurrency: 4,
        // the host limit holds across runners: room for both
        perHostLimit: 8,
        perUserLimit: 8,
        workerId: `runner-${name}`,
        scrape: { browser: false },
        onSettled: (t) => void (seen[t.id] ??= []).push(name),
      });
    const a = make("a");
    const b = make("b");
    const [drainedA, drainedB] = await forcedRace({
      ...claimBy("runner-a"),
      first: () => a.drain(),
      second: () => b.drain(),
      secondMust: "wait",
    });
    await Promise.all([a.stop(0), b.stop(0)]);
    expect([drainedA.error, drainedB.error]).toEqual([null, null]);

    for (let i = 0; i < 24; i++) expect(merchant.hits.get(`/product/${tag}-${i}`)).toBe(1);
    expect(Object.values(seen).every((list) => list.length === 1)).toBe(true);
    expect(Object.keys(seen)).toHaveLength(24);
    const ids = urls.map((u) => u.id);
    const done = await db.select().from(scrapeTasks).where(inArray(scrapeTasks.urlId, ids));
    expect(done.every((t) => t.status === "completed")).toBe(true);
    expect(new Set(done.map((t) => t.lockedBy))).toEqual(new Set(["runner-a", "runner-b"]));
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(priceHistory)
      .where(inArray(priceHistory.urlId, ids))) as [{ n: number }];
    expect(n).toBe(24);
  });
});

describe("a host's politeness across instances claiming side by side (forced race)", () => {
  /**
   * A new host with `limits` and runnable tasks of two tenants; two instances claim at once, the first one held.
   * The first takes tenant X's task; the second counts X at its limit (X runs a task elsewhere, and the second
   * claims with a limit of one a tenant), so it would take Y's: the two claims share no tenant lock, only the host's.
   */
  async function claimSideBySide(limits: { maxConcurrent: number; minSpacingMs: number }) {
    const [x, y] = [(await signUp()).workspaceId, (await signUp()).workspaceId];
    const db = await getDb();
    const host = `poli-${randomUUID().slice(0, 8)}.example`;
    await setHostLimits(db, host, limits);
    const task = (workspaceId: string, at: string, status: "pending" | "processing" = "pending") => ({
      workspaceId,
      url: `https://${at}/p/${randomUUID()}`,
      host: at,
      status,
      runAt: new Date(Date.now() - (workspaceId === x ? 2000 : 1000)),
    });
    await db
      .insert(scrapeTasks)
      .values([task(x, `ailleurs-${host}`, "processing"), task(x, host), task(y, host), task(y, host)]);
    const [a, b] = await forcedRace({
      ...claimBy("poli-a"),
      first: () => claimRunnable("poli-a", { limit: 5, perUserLimit: 100 }),
      second: () => claimRunnable("poli-b", { limit: 5, perUserLimit: 1 }),
      secondMust: "wait",
    });
    expect(a.value?.tasks.map((t) => t.workspaceId)).toEqual([x]);
    return { b: b.value?.tasks.length, waitB: b.value?.waitMs };
  }

  it("one task at a time: the second instance finds the host busy with the first's task", async () => {
    expect((await claimSideBySide({ maxConcurrent: 1, minSpacingMs: 0 })).b).toBe(0);
  });

  it("a minute's spacing: the second instance's start waits for it", async () => {
    const claimed = await claimSideBySide({ maxConcurrent: 5, minSpacingMs: 60_000 });
    expect(claimed.b).toBe(0);
    expect(claimed.waitB).toBeGreaterThan(50_000);
  });
});

describe("a task another transaction holds (an operator's cancel, a lease renewal)", () => {
  it("is skipped by a claim, never waited for: the claim takes the next task at once and leaves that one pending", async () => {
    const { workspaceId } = await signUp();
    const db = await getDb();
    const host = `verrou-${randomUUID().slice(0, 8)}.example`;
    await setHostLimits(db, host, { maxConcurrent: null, minSpacingMs: 0 });
    const [held, free] = await db
      .insert(scrapeTasks)
      .values(
        [2000, 1000].map((ms) => ({
          workspaceId,
          url: `https://${host}/p/${randomUUID()}`,
          host,
          status: "pending" as const,
          runAt: new Date(Date.now() - ms),
        })),
      )
      .returning();
    const blocker = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
    try {
      const tx = await blocker.reserve();
      await tx`begin`;
      const [{ pid }] = (await tx`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
      await tx`select id from scrape_tasks where id = ${held!.id} for update`;
      const claimed = settle(claimRunnable(`verrou-${pid}`, { limit: 2, perUserLimit: 10 }));
      // waitersOn returns as soon as the claim waits on the test's lock, and throws once the claim ended without
      await expect(waitersOn(blocker, [pid], claimed, "la réclamation n'a pas attendu")).rejects.toThrow(
        "la réclamation n'a pas attendu",
      );
      const { value, error } = await claimed;
      expect(error).toBeNull();
      expect(value!.tasks.map((t) => t.id)).toEqual([free!.id]);
      await tx`commit`;
      tx.release();
    } finally {
      await blocker.end({ timeout: 0 });
    }
    const rows = await db
      .select()
      .from(scrapeTasks)
      .where(inArray(scrapeTasks.id, [held!.id, free!.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [held!.id]: "pending",
      [free!.id]: "processing",
    });
  });
});
