import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { priceHistory, productUrls, products, scrapeTasks } from "@/db/schema";
import { JobRunner } from "@/lib/jobs/job-runner";
import { sweepDueUrls } from "@/lib/jobs/sweep-due-urls";
import { signUp } from "../helpers/api";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;

beforeAll(async () => {
  merchant = await startMerchantServer();
});

afterAll(async () => {
  await merchant.close();
});

const URLS = 1000;

describe("scheduler at scale: two app processes on one database", () => {
  it("sweep 1,000 due URLs concurrently and scrape each exactly once", { timeout: 240_000 }, async () => {
    const tag = randomUUID().slice(0, 6);
    const { workspaceId } = await signUp();
    const db = await getDb();
    const [product] = await db.insert(products).values({ workspaceId, name: "Mille URLs" }).returning();
    const urls = await db
      .insert(productUrls)
      .values(
        Array.from({ length: URLS }, (_, i) => ({
          workspaceId,
          productId: product!.id,
          name: `Source ${i}`,
          url: `${merchant.url}/product/${tag}-${i}?price=${(i % 90) + 10}.00`,
          nextCheckAt: new Date(Date.now() - 60_000),
        })),
      )
      .returning({ id: productUrls.id });
    const ids = urls.map((u) => u.id);

    const seen = new Map<string, string[]>();
    const make = (name: string) =>
      new JobRunner({
        concurrency: 8,
        perHostLimit: 8,
        perUserLimit: 16,
        workerId: `scale-${name}`,
        scrape: { browser: false },
        onSettled: (t) => seen.set(t.id, [...(seen.get(t.id) ?? []), name]),
      });
    const a = make("a");
    const b = make("b");
    // both processes' minute sweeps fire at once, in small batches, while both runners claim
    const [sa, sb] = await Promise.all([
      sweepDueUrls({ batchSize: 100, maxBatches: 20 }),
      sweepDueUrls({ batchSize: 100, maxBatches: 20 }),
    ]);
    const queued = [...sa.tasks, ...sb.tasks].filter((t) => ids.includes(t.urlId!));
    expect(queued).toHaveLength(URLS);
    expect(new Set(queued.map((t) => t.urlId)).size).toBe(URLS);
    await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(0), b.stop(0)]);

    for (let i = 0; i < URLS; i++) expect(merchant.hits.get(`/product/${tag}-${i}`)).toBe(1);
    const mine = [...seen].filter(([id]) => queued.some((t) => t.id === id));
    expect(mine).toHaveLength(URLS);
    expect(mine.every(([, by]) => by.length === 1)).toBe(true);
    const tasks = await db.select().from(scrapeTasks).where(inArray(scrapeTasks.urlId, ids));
    expect(tasks).toHaveLength(URLS);
    expect(tasks.every((t) => t.status === "completed")).toBe(true);
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(priceHistory)
      .where(inArray(priceHistory.urlId, ids))) as [{ n: number }];
    expect(n).toBe(URLS);
    // a second sweep finds nothing due: every URL moved one period on
    const again = await sweepDueUrls();
    expect(again.tasks.filter((t) => ids.includes(t.urlId!))).toHaveLength(0);
  });
});
