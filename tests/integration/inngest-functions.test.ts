import { InngestTestEngine } from "@inngest/test";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { priceHistory, productUrls, products, scrapeTasks } from "@/db/schema";
import { functions, inngest } from "@/inngest";
import { setHostLimits } from "@/lib/fetching/host-politeness";
import { claimTaskById } from "@/lib/jobs/claim-task-by-id";
import { PER_USER_LIMIT } from "@/lib/jobs/claim-tasks";
import { collectUndispatchedTasks, DISPATCHED } from "@/lib/jobs/collect-undispatched-tasks";
import { SCRAPE_CANCELLED, SCRAPE_REQUESTED } from "@/lib/jobs/job-events";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { signUp } from "../helpers/api";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;
const fn = (id: string) => functions.find((f) => f.id() === id)!;
const scrapeTask = fn("scrape-task");
const sweepDueUrlsFn = fn("sweep-due-urls");
const purgeHistoryFn = fn("purge-history");

beforeAll(async () => {
  merchant = await startMerchantServer();
});

afterAll(async () => {
  await merchant.close();
});

async function trackedUrl(path: string, nextCheckAt: Date | null = new Date(Date.now() + 86_400_000)) {
  const { workspaceId } = await signUp();
  const db = await getDb();
  const [product] = await db.insert(products).values({ workspaceId, name: "Inngest" }).returning();
  const [url] = await db
    .insert(productUrls)
    .values({ workspaceId, productId: product!.id, name: "Boutique", url: `${merchant.url}${path}`, nextCheckAt })
    .returning();
  return { workspaceId, productId: product!.id, url: url! };
}

async function queued(path: string) {
  const t = await trackedUrl(path);
  const task = await enqueueScrape({
    workspaceId: t.workspaceId,
    productId: t.productId,
    urlId: t.url.id,
    url: t.url.url,
    trigger: "manual",
  });
  return { ...t, task: task! };
}

const requested = (taskId: string) => [{ name: SCRAPE_REQUESTED, data: { taskId, host: "127.0.0.1" } }];
// its waits answered at once, as Inngest resumes a sleeping run
const hostWaits = () => Array.from({ length: 30 }, (_, i) => ({ id: `host-wait-${i}`, handler: () => null }));

describe("Inngest functions", () => {
  it("are served together and configured as the design says", () => {
    expect(functions.map((f) => f.id())).toEqual(
      expect.arrayContaining(["sweep-due-urls", "scrape-task", "purge-history"]),
    );
    expect(scrapeTask.opts).toMatchObject({
      triggers: [{ event: SCRAPE_REQUESTED }],
      concurrency: [
        { key: "event.data.host", limit: 2 },
        { key: "event.data.workspaceId", limit: PER_USER_LIMIT },
      ],
      cancelOn: [{ event: SCRAPE_CANCELLED, if: "async.data.taskId == event.data.taskId" }],
      retries: 2,
    });
    expect(sweepDueUrlsFn.opts.triggers).toEqual([{ cron: "* * * * *" }]);
    expect(purgeHistoryFn.opts.triggers).toEqual([{ cron: "TZ=Europe/Paris 30 3 * * *" }]);
  });

  it("scrape-task runs the task and writes the price", async () => {
    const { task, url } = await queued("/product/inngest-ok?price=77.70");
    const t = new InngestTestEngine({ function: scrapeTask });
    const { result } = await t.execute({ events: requested(task.id) as never });
    expect(result).toMatchObject({ taskId: task.id, status: "completed", price: "77.7" });
    const db = await getDb();
    const [row] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.id, task.id));
    expect(row).toMatchObject({ status: "completed" });
    expect(row!.lockedBy).toMatch(/^inngest:/);
    const history = await db.select().from(priceHistory).where(eq(priceHistory.urlId, url.id));
    expect(history.map((h) => h.price)).toEqual(["77.70"]);
  });

  it("scrape-task leaves a retryable failure in 'retry' and hands the backoff to Inngest", async () => {
    const { task, url } = await queued("/status/503");
    const t = new InngestTestEngine({ function: scrapeTask });
    const { error } = await t.execute({ events: requested(task.id) as never });
    expect(error).toBeTruthy();
    expect(String((error as { message?: string }).message ?? error)).toContain("HTTP 503");
    const db = await getDb();
    const [row] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.id, task.id));
    expect(row).toMatchObject({
      status: "retry",
      retryCount: 1,
      error: "Le site marchand a répondu par une erreur (HTTP 503)",
    });
    const [u] = await db.select().from(productUrls).where(eq(productUrls.id, url.id));
    expect(u).toMatchObject({ lastStatus: "error", consecutiveFailures: 1 });
  });

  it("scrape-task skips a task that was cancelled", async () => {
    const { task } = await queued("/product/inngest-cancelled");
    const db = await getDb();
    await db.update(scrapeTasks).set({ status: "cancelled" }).where(eq(scrapeTasks.id, task.id));
    const { result } = await new InngestTestEngine({ function: scrapeTask }).execute({
      events: requested(task.id) as never,
    });
    expect(result).toEqual({ taskId: task.id, status: "skipped" });
    expect(merchant.hits.get("/product/inngest-cancelled")).toBeUndefined();
  });

  it("sweep-due-urls queues due URLs and fans out one event per task", async () => {
    const due = await trackedUrl("/product/inngest-due", new Date(Date.now() - 1000));
    const later = await trackedUrl("/product/inngest-later");
    const t = new InngestTestEngine({ function: sweepDueUrlsFn });
    // the Inngest event API is not here: the fan-out step is answered as Inngest would
    const { result, ctx } = await t.execute({ steps: [{ id: "fan-out-0", handler: () => ({ ids: [] }) }] });
    expect(result).toMatchObject({ dispatched: expect.any(Number) });
    const db = await getDb();
    const tasks = await db
      .select()
      .from(scrapeTasks)
      .where(inArray(scrapeTasks.urlId, [due.url.id, later.url.id]));
    expect(tasks.map((x) => x.urlId)).toEqual([due.url.id]);
    const sent = (
      ctx.step.sendEvent as unknown as { mock: { calls: [string, { name: string; data: { taskId: string } }[]][] } }
    ).mock.calls.flatMap(([, events]) => events);
    expect(sent).toContainEqual({
      name: SCRAPE_REQUESTED,
      data: { taskId: tasks[0]!.id, host: "127.0.0.1", workspaceId: due.workspaceId },
    });
    expect(sent.every((e) => e.name === SCRAPE_REQUESTED)).toBe(true);
  });

  it("scrape-task hands its task back when Inngest gives up on the run (onFailure)", async () => {
    const { task } = await queued("/product/inngest-given-up");
    const claimed = await claimTaskById(task.id, "inngest:run-given-up");
    expect(claimed.task?.status).toBe("processing");
    // @inngest/test does not run onFailure handlers: the handler runs as a function of its own, on the failure
    // event Inngest sends when the run's attempts are spent
    const onFailure = (scrapeTask.opts as { onFailure?: (ctx: never) => Promise<unknown> }).onFailure;
    expect(onFailure).toBeTypeOf("function");
    const failure = inngest.createFunction(
      { id: "scrape-task-given-up", triggers: [{ event: "inngest/function.failed" }] },
      onFailure as never,
    );
    const failed = {
      name: "inngest/function.failed",
      data: {
        function_id: "scrape-task",
        run_id: "run-given-up",
        error: { name: "Error", message: "connection terminated" },
        event: requested(task.id)[0],
      },
    };
    const { error } = await new InngestTestEngine({ function: failure }).execute({ events: [failed] as never });
    expect(error).toBeUndefined();
    const db = await getDb();
    const [row] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.id, task.id));
    expect(row).toMatchObject({
      status: "retry",
      retryCount: 1,
      lockedBy: null,
      leaseUntil: null,
      error: "Tâche interrompue : le traitement a échoué",
    });
    // announced again by the next sweep
    const again = await collectUndispatchedTasks({ graceMs: 0 });
    expect(again.map((t) => t.id)).toContain(task.id);
  });

  it("a step retried after its attempt died takes the run's own task back", async () => {
    const { task } = await queued("/product/inngest-step-retried");
    expect((await claimTaskById(task.id, "inngest:run-retried")).task?.id).toBe(task.id);
    expect((await claimTaskById(task.id, "inngest:run-other")).task).toBeNull();
    const again = await claimTaskById(task.id, "inngest:run-retried");
    expect(again.task).toMatchObject({ id: task.id, status: "processing", lockedBy: "inngest:run-retried" });
  });

  it("a task in 'retry' whose run gives up waiting for its host is left for the next sweep", async () => {
    const { task } = await queued("/product/inngest-host-busy");
    const db = await getDb();
    await db
      .update(scrapeTasks)
      .set({ status: "retry", retryCount: 1, lockedBy: DISPATCHED })
      .where(eq(scrapeTasks.id, task.id));
    await setHostLimits(db, "127.0.0.1", { maxConcurrent: 0 });
    try {
      const { result } = await new InngestTestEngine({ function: scrapeTask }).execute({
        events: requested(task.id) as never,
        steps: hostWaits(),
      });
      expect(result).toEqual({ taskId: task.id, status: "deferred" });
    } finally {
      await setHostLimits(db, "127.0.0.1", { maxConcurrent: null });
    }
    const [row] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.id, task.id));
    expect(row).toMatchObject({ status: "retry", lockedBy: null });
    expect(merchant.hits.get("/product/inngest-host-busy")).toBeUndefined();
  });

  it("scrape-task keeps a tenant within its limit: its task waits while the tenant's others run elsewhere", async () => {
    const { task, workspaceId } = await queued("/product/inngest-tenant-busy");
    const db = await getDb();
    // the tenant's limit already running, on other hosts (another run's, or a local runner's)
    const running = await db
      .insert(scrapeTasks)
      .values(
        Array.from({ length: PER_USER_LIMIT }, (_, i) => ({
          workspaceId,
          url: `https://busy-${i}.example/p`,
          host: `busy-${i}.example`,
          status: "processing" as const,
          lockedBy: "inngest:other-run",
        })),
      )
      .returning();
    const { result } = await new InngestTestEngine({ function: scrapeTask }).execute({
      events: requested(task.id) as never,
      steps: hostWaits(),
    });
    expect(result).toEqual({ taskId: task.id, status: "deferred" });
    expect(merchant.hits.get("/product/inngest-tenant-busy")).toBeUndefined();
    const [row] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.id, task.id));
    expect(row).toMatchObject({ status: "pending", lockedBy: null });

    // one of them ends: the next run takes the slot
    await db.update(scrapeTasks).set({ status: "completed" }).where(eq(scrapeTasks.id, running[0]!.id));
    const { result: after } = await new InngestTestEngine({ function: scrapeTask }).execute({
      events: requested(task.id) as never,
    });
    expect(after).toMatchObject({ taskId: task.id, status: "completed" });
  });

  it("purge-history runs the purge", async () => {
    const { result } = await new InngestTestEngine({ function: purgeHistoryFn }).execute();
    expect(result).toMatchObject({ history: expect.any(Number), tasks: expect.any(Number) });
  });
});
