import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { productUrls, products, scrapeTasks } from "@/db/schema";
import { POST as createProduct } from "@/app/api/products/route";
import { POST as queueScrape } from "@/app/api/queue/scrape/route";
import { POST as retryTask } from "@/app/api/queue/tasks/[taskId]/retry/route";
import { POST as scrapeUrlRoute } from "@/app/api/scraping/urls/[urlId]/scrape/route";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { call, signUp } from "../helpers/api";

const scrape = (token: string, urlId: string) =>
  call(scrapeUrlRoute, `/api/scraping/urls/${urlId}/scrape`, { token, params: { urlId }, method: "POST" });

async function activeTasks(urlId: string) {
  const db = await getDb();
  return db
    .select()
    .from(scrapeTasks)
    .where(and(eq(scrapeTasks.urlId, urlId), inArray(scrapeTasks.status, ["pending", "processing", "retry"])));
}

describe("one reading per request (a URL has at most one waiting or running task)", () => {
  it("adding a URL then asking a scrape at once answers the first scrape's task: 200, created false", async () => {
    const { token } = await signUp();
    const created = await call(createProduct, "/api/products", {
      token,
      body: { name: "Bouilloire", urls: [{ name: "Boutique", url: "https://boutique.example/bouilloire" }] },
    });
    const urlId = created.json.urls[0].id as string;
    const [first] = await activeTasks(urlId);
    expect(first).toBeDefined();

    const res = await scrape(token, urlId);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ task_id: first!.id, created: false });

    const viaQueue = await call(queueScrape, "/api/queue/scrape?wait=false", {
      token,
      body: { url: "https://boutique.example/bouilloire", options: { url_id: urlId } },
    });
    expect(viaQueue.status).toBe(200);
    expect(viaQueue.json).toMatchObject({ task_id: first!.id, created: false });
    expect(await activeTasks(urlId)).toHaveLength(1);
  });

  // two requests at once, overlapping for sure: one-reading-race.pg.test.ts
  it("a new task still answers 202 with created true; the next requests answer it with created false", async () => {
    const { token, workspaceId } = await signUp();
    const db = await getDb();
    const [product] = await db.insert(products).values({ workspaceId, name: "Grille-pain" }).returning();
    const [url] = await db
      .insert(productUrls)
      .values({ workspaceId, productId: product!.id, name: "Boutique", url: "https://boutique.example/grille-pain" })
      .returning();

    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await scrape(token, url!.id));
    expect(answers.map((a) => [a.status, a.json.created])).toEqual([
      [202, true],
      [200, false],
      [200, false],
    ]);
    expect(new Set(answers.map((a) => a.json.task_id)).size).toBe(1);
    expect(await activeTasks(url!.id)).toHaveLength(1);

    // the database refuses a second active task whoever inserts it, even in one statement
    const input = { workspaceId, productId: product!.id, urlId: url!.id, url: url!.url, trigger: "manual" as const };
    expect(await enqueueScrape([input, input])).toEqual([]);
    expect(await enqueueScrape(input)).toBeNull();
    expect(await activeTasks(url!.id)).toHaveLength(1);
  });

  it("retrying an old failed task of a busy URL answers the waiting task instead of a second one", async () => {
    const { token, workspaceId } = await signUp();
    const db = await getDb();
    const [product] = await db.insert(products).values({ workspaceId, name: "Mixeur" }).returning();
    const [url] = await db
      .insert(productUrls)
      .values({ workspaceId, productId: product!.id, name: "Boutique", url: "https://boutique.example/mixeur" })
      .returning();
    const base = { workspaceId, productId: product!.id, urlId: url!.id, url: url!.url };
    const [failed] = await db
      .insert(scrapeTasks)
      .values({ ...base, status: "failed", trigger: "manual" })
      .returning();
    const waiting = (await enqueueScrape({ ...base, trigger: "schedule" }))!;

    const res = await call(retryTask, `/api/queue/tasks/${failed!.id}/retry`, {
      token,
      params: { taskId: failed!.id },
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ task_id: waiting.id, created: false });
    expect(await activeTasks(url!.id)).toHaveLength(1);
  });
});
