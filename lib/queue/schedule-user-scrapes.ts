import { and, eq, isNull, lte, or, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { requestScrapes } from "@/lib/jobs";
import { getProductOrThrow } from "@/lib/products";
import { presentTask } from "./present-task";

/**
 * POST /queue/tasks/scheduled: queues the owner's due URLs now (or all of them with `all`), optionally
 * within one product; paused URLs and URLs already waiting or running are left alone.
 */
export async function scheduleUserScrapes(workspaceId: string, input: { product_id?: string; all: boolean }) {
  const db = await getDb();
  if (input.product_id) await getProductOrThrow(workspaceId, input.product_id, db);
  await rateLimit(`scrape-batch:${workspaceId}`, 10, 60_000);
  const where: SQL[] = [eq(productUrls.workspaceId, workspaceId), eq(productUrls.paused, false)];
  if (input.product_id) where.push(eq(productUrls.productId, input.product_id));
  if (!input.all) where.push(or(isNull(productUrls.nextCheckAt), lte(productUrls.nextCheckAt, new Date()))!);
  const urls = await db
    .select()
    .from(productUrls)
    .where(and(...where));
  if (urls.length === 0) {
    if (input.product_id) throw new AppError("no_urls");
    return { count: 0, tasks: [] };
  }
  // a URL already waiting or running gets no second task (requestScrapes leaves it out)
  const created = await requestScrapes(
    urls.map((u) => ({ workspaceId, urlId: u.id, productId: u.productId, url: u.url })),
    { reason: "manual", priority: "normal" },
  );
  return { count: created.length, tasks: created.map(presentTask) };
}
