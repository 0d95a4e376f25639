import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { requestScrapes } from "@/lib/jobs";
import { getProductOrThrow } from "@/lib/products";
import { presentTask } from "./present-task";
import { MANUAL_SCRAPE_LIMIT, requestUrlScrape } from "./request-url-scrape";
import type { ZQueueScrape } from "./schemas";
import { waitForTask } from "./wait-for-task";
import type { z } from "zod";

type TInput = z.output<typeof ZQueueScrape>;

/**
 * POST /queue/scrape: a tracked URL (options.url_id, or url within options.product_id) is scraped into its
 * history; any other page address is scraped once, its result kept on the task only. With `wait`, answers
 * the finished task, or the task as it stands when `timeoutSec` runs out. A tracked URL already waiting or
 * running answers that task (`created: false`).
 */
export async function queueScrape(
  workspaceId: string,
  input: TInput,
  wait: { wait: boolean; timeoutSec: number; signal?: AbortSignal },
) {
  const db = await getDb();
  let urlId = input.options.url_id;
  if (!urlId && input.options.product_id && input.url) {
    await getProductOrThrow(workspaceId, input.options.product_id, db);
    const [match] = await db
      .select({ id: productUrls.id })
      .from(productUrls)
      .where(
        and(
          eq(productUrls.productId, input.options.product_id),
          eq(productUrls.workspaceId, workspaceId),
          eq(productUrls.url, input.url),
        ),
      )
      .limit(1);
    urlId = match?.id;
  }
  let task;
  let created = true;
  if (urlId) {
    ({ task, created } = await requestUrlScrape(workspaceId, urlId, { useAi: input.use_ai }));
  } else {
    if (!input.url) throw new AppError("url_required");
    if (input.options.product_id) await getProductOrThrow(workspaceId, input.options.product_id, db);
    await rateLimit(`scrape:${workspaceId}`, MANUAL_SCRAPE_LIMIT, 60_000);
    const [row] = await requestScrapes(
      [{ workspaceId, urlId: null, productId: input.options.product_id ?? null, url: input.url }],
      { reason: "api", priority: "high", useAi: input.use_ai },
    );
    task = presentTask(row!);
  }
  if (!wait.wait || wait.timeoutSec <= 0) return { task, created, finished: false };
  const row = await waitForTask(task.task_id, wait.timeoutSec * 1000, wait.signal);
  const finished = row ? ["completed", "failed", "cancelled"].includes(row.status) : false;
  return { task: row ? presentTask(row) : task, created, finished };
}
