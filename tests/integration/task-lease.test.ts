import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { productUrls, products, scrapeTasks } from "@/db/schema";
import { claimTasks } from "@/lib/jobs/claim-tasks";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { JobRunner } from "@/lib/workers/job-runner";
import { recoverStuckTasks } from "@/lib/jobs/recover-stuck-tasks";
import { TASK_LEASE_MS } from "@/lib/jobs/renew-task-lease";
import { signUp } from "../helpers/api";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;

beforeAll(async () => {
  merchant = await startMerchantServer();
});

afterAll(async () => {
  await merchant.close();
});

async function queuedTask(path: string) {
  const { workspaceId } = await signUp();
  const db = await getDb();
  const [product] = await db.insert(products).values({ workspaceId, name: "Bail" }).returning();
  const [url] = await db
    .insert(productUrls)
    .values({ workspaceId, productId: product!.id, name: "Boutique", url: `${merchant.url}${path}` })
    .returning();
  return (await enqueueScrape({
    workspaceId,
    productId: product!.id,
    urlId: url!.id,
    url: url!.url,
    trigger: "manual",
  }))!;
}

async function taskRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.id, id));
  return row!;
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`toujours pas : ${what}`);
}

describe("stuck work: a lease renewed by the running task", () => {
  it("a claimed task holds a lease well under a minute; a live lease is never recovered", async () => {
    expect(TASK_LEASE_MS).toBeLessThanOrEqual(30_000);
    const task = await queuedTask(`/product/lease-${randomUUID().slice(0, 6)}`);
    const [claimed] = await claimTasks("vivant", { limit: 1000 }).then((all) => all.filter((t) => t.id === task.id));
    expect(claimed).toBeDefined();
    const row = await taskRow(task.id);
    expect(row.leaseUntil!.getTime() - row.startedAt!.getTime()).toBe(TASK_LEASE_MS);
    await recoverStuckTasks();
    expect(await taskRow(task.id)).toMatchObject({ status: "processing", lockedBy: "vivant" });
  });

  it("a task whose worker died is back in the queue once its lease passes, and another runner scrapes it once", async () => {
    const id = randomUUID().slice(0, 6);
    const task = await queuedTask(`/product/dead-${id}?price=12.00`);
    // a worker claims it, then its process dies: nobody renews the lease
    const claimed = await claimTasks("mort", { limit: 1000, leaseMs: 200 });
    expect(claimed.map((t) => t.id)).toContain(task.id);
    const runner = new JobRunner({ concurrency: 2, recoverMs: 50, scrape: { browser: false }, retryDelayMs: () => 0 });
    runner.start();
    try {
      await until(async () => (await taskRow(task.id)).status === "completed", "la tâche reprise est terminée");
    } finally {
      await runner.stop(1000);
    }
    expect(await taskRow(task.id)).toMatchObject({ status: "completed", lockedBy: runner.workerId, retryCount: 1 });
    expect(merchant.hits.get(`/product/dead-${id}`)).toBe(1);
  });

  it("a task running longer than its lease keeps it by heartbeat and is scraped once", async () => {
    // the page takes over two leases; a lease of 4 s (renewed every third of it) holds on a loaded machine
    const task = await queuedTask(`/slow?ms=9000&k=${randomUUID().slice(0, 6)}`);
    const before = merchant.hits.get("/slow") ?? 0;
    const runner = new JobRunner({ concurrency: 1, leaseMs: 4000, scrape: { browser: false } });
    let recovered = 0;
    const done = runner.drain();
    let finished = false;
    void done.finally(() => (finished = true));
    while (!finished) {
      const row = await taskRow(task.id);
      if (row.status === "processing") {
        await recoverStuckTasks();
        // recovery hands the task back ('retry', or 'failed' past its retries); 'completed' is the scrape ending
        const after = (await taskRow(task.id)).status;
        if (after === "retry" || after === "failed") recovered += 1;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await runner.stop(1000);
    expect(recovered).toBe(0);
    expect((await taskRow(task.id)).status).toBe("completed");
    expect((merchant.hits.get("/slow") ?? 0) - before).toBe(1);
  });
});
