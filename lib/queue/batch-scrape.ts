import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { getDb } from "@/db";
import { isUuid } from "@/lib/core/is-uuid";
import { productUrls } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { findActiveTasks } from "@/lib/jobs";
import { requestScrapes } from "@/lib/jobs";
import { presentTask } from "./present-task";
import { assertNotPaused } from "./request-url-scrape";
import type { ZBatchScrape } from "./schemas";

type TInput = z.output<typeof ZBatchScrape>;

/**
 * Queues a scrape for each listed URL of the owner (by url_id, or by address within options.product_id).
 * All or nothing: an unknown or foreign URL is a 404. URLs already waiting or running keep their task.
 */
export async function batchScrape(workspaceId: string, input: TInput) {
  if (input.urls.length === 0) throw new AppError("no_urls");
  await rateLimit(`scrape-batch:${workspaceId}`, 10, 60_000);
  const db = await getDb();
  const mine = await db
    .select()
    .from(productUrls)
    .where(
      and(
        eq(productUrls.workspaceId, workspaceId),
        inArray(
          productUrls.id,
          input.urls.flatMap((u) => (isUuid(u.url_id) ? [u.url_id] : [])),
        ),
      ),
    );
  const byId = new Map(mine.map((r) => [r.id, r]));
  const byAddress = new Map<string, typeof mine>();
  const lookups = input.urls.filter((u) => !u.url_id && u.url && u.options.product_id);
  if (lookups.length) {
    const rows = await db
      .select()
      .from(productUrls)
      .where(
        and(
          eq(productUrls.workspaceId, workspaceId),
          inArray(
            productUrls.url,
            lookups.map((u) => u.url!),
          ),
        ),
      );
    for (const r of rows) byAddress.set(`${r.productId} ${r.url}`, [r]);
  }
  const targets = input.urls.map((u) => {
    const row = u.url_id ? byId.get(u.url_id) : byAddress.get(`${u.options.product_id} ${u.url}`)?.[0];
    if (!row) throw new AppError("url_not_found");
    assertNotPaused(row);
    return row;
  });
  const unique = [...new Map(targets.map((t) => [t.id, t])).values()];
  const created = await requestScrapes(
    unique.map((t) => ({ workspaceId, urlId: t.id, productId: t.productId, url: t.url })),
    { reason: "batch", priority: input.priority, useAi: input.use_ai },
  );
  // the URLs that already had a waiting or running task answer with that one
  const createdIds = new Set(created.map((t) => t.urlId));
  const busy = await findActiveTasks(
    unique.filter((t) => !createdIds.has(t.id)).map((t) => t.id),
    { db },
  );
  const tasks = [...created, ...busy].map(presentTask);
  return { count: tasks.length, created: created.length, priority: input.priority, use_ai: input.use_ai, tasks };
}
