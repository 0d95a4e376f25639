// The local provider of lib/workers/registry.ts: it hands a scrape's earlier readings to alert evaluation, runs its
// schedule from the registry, and starts what a transaction triggered only once it has committed.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { alertEvents, productUrls, scrapeTasks } from "@/db/schema";
import { onQuery } from "@/db/query-log";
import { DISPATCHED } from "@/lib/jobs/collect-undispatched-tasks";
import { afterCommit, inTransaction } from "@/lib/jobs/in-transaction";
import { JobRunner } from "@/lib/workers/job-runner";
import { settleLocalJobs } from "@/lib/workers/local-jobs";
import { requestScrapes } from "@/lib/jobs/request-scrapes";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { addPrice, addRule, watchedProduct } from "./alerts-fixtures";

let merchant: TMerchantServer;
beforeAll(async () => void (merchant = await startMerchantServer()));
afterAll(() => merchant.close());

const eventsOf = async (ruleId: string) =>
  (await (await getDb()).select().from(alertEvents).where(eq(alertEvents.ruleId, ruleId))).map((e) => e.newPrice);

describe("the local provider", () => {
  it("evaluates a scraped price with the earlier readings the scrape read, without reading them again", async () => {
    const { workspaceId, productId, url } = await watchedProduct(merchant, "lecture-unique");
    const rule = await addRule(workspaceId, productId, { kind: "drop", thresholdPercent: "10" });
    await addPrice(url.id, "100.00");
    merchant.setPrice("lecture-unique", "80.00");
    await requestScrapes([{ workspaceId, productId, urlId: url.id, url: url.url }], { reason: "manual" });
    const statements: string[] = [];
    const stop = onQuery((query) => statements.push(query));
    const runner = new JobRunner({ concurrency: 1, scrape: { browser: false } });
    try {
      await runner.drain();
    } finally {
      stop();
      await runner.stop(0);
    }
    expect(await eventsOf(rule.id)).toEqual(["80.00"]);
    const rereads = statements.filter((q) => /^select "(price|available)" from "price_history"/.test(q));
    expect(rereads).toEqual([]);
  });

  it("runs the registry's scheduled jobs: the minute sweep queues a due URL", async () => {
    const { url } = await watchedProduct(merchant, "planifie");
    const db = await getDb();
    await db
      .update(productUrls)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(productUrls.id, url.id));
    const runner = new JobRunner({ concurrency: 1, scrape: { browser: false } });
    await runner.maintain();
    await settleLocalJobs();
    await runner.stop(0);
    const tasks = await db.select().from(scrapeTasks).where(eq(scrapeTasks.urlId, url.id));
    expect(tasks.map((t) => t.trigger)).toEqual(["schedule"]);
  });
});

describe("triggers in a transaction", () => {
  it("start once it has committed, never after a rollback", async () => {
    const { workspaceId, productId, url } = await watchedProduct(merchant, "apres-validation");
    const db = await getDb();
    const seen: string[] = [];
    const tasks = await inTransaction(async (tx) => {
      const rows = await requestScrapes([{ workspaceId, productId, urlId: url.id, url: url.url }], {
        tx,
        reason: "manual",
      });
      // a callback registered after the scrapes' trigger: it runs after it, once the rows are committed
      await afterCommit(tx, async () => {
        const [row] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.id, rows[0]!.id));
        seen.push(row!.lockedBy ?? "not announced");
      });
      return rows;
    });
    expect(seen).toEqual([DISPATCHED]);
    await db.delete(scrapeTasks).where(eq(scrapeTasks.id, tasks[0]!.id));

    const dropped: string[] = [];
    await expect(
      inTransaction(async (tx) => {
        await afterCommit(tx, async () => {
          dropped.push("ran");
        });
        await requestScrapes([{ workspaceId, productId, urlId: url.id, url: url.url }], { tx, reason: "manual" });
        throw new Error("annulé");
      }),
    ).rejects.toThrow("annulé");
    expect(dropped).toEqual([]);
    expect(await db.select().from(scrapeTasks).where(eq(scrapeTasks.urlId, url.id))).toEqual([]);
  });

  it("refuse a transaction that cannot tell when it commits", async () => {
    const db = await getDb();
    await expect(db.transaction((tx) => afterCommit(tx, async () => {}))).rejects.toThrow(/inTransaction/);
  });
});
