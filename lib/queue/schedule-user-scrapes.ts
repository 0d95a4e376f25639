import { and, eq, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls, scrapeTasks } from "@/db/schema";
import { unprocessable } from "@/lib/http/api-error";
import { rateLimit } from "@/lib/http/rate-limit";
import { dispatchTasks } from "@/lib/jobs/dispatch-tasks";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { getProductOrThrow } from "@/lib/products/get-product-or-throw";
import { presentTask } from "./present-task";
import { QUEUE_MSG } from "./schemas";

/**
 * POST /queue/tasks/scheduled: queues the owner's due URLs now (or all of them with `all`), optionally
 * within one product; paused URLs and URLs already waiting or running are left alone.
 */
export async function scheduleUserScrapes(userId: string, input: { product_id?: string; all: boolean }) {
  const db = await getDb();
  if (input.product_id) await getProductOrThrow(userId, input.product_id, db);
  await rateLimit(`scrape-batch:${userId}`, 10, 60_000);
  const where: SQL[] = [eq(productUrls.userId, userId), eq(productUrls.paused, false)];
  if (input.product_id) where.push(eq(productUrls.productId, input.product_id));
  if (!input.all) where.push(or(isNull(productUrls.nextCheckAt), lte(productUrls.nextCheckAt, new Date()))!);
  const urls = await db
    .select()
    .from(productUrls)
    .where(and(...where));
  if (urls.length === 0) {
    if (input.product_id) throw unprocessable(QUEUE_MSG.noUrls, "no_urls");
    return { count: 0, tasks: [] };
  }
  const busy = await db
    .select({ urlId: scrapeTasks.urlId })
    .from(scrapeTasks)
    .where(
      and(
        inArray(
          scrapeTasks.urlId,
          urls.map((u) => u.id),
        ),
        inArray(scrapeTasks.status, ["pending", "processing", "retry"]),
      ),
    );
  const busyIds = new Set(busy.map((b) => b.urlId));
  const created = await enqueueScrape(
    urls
      .filter((u) => !busyIds.has(u.id))
      .map((u) => ({
        userId,
        urlId: u.id,
        productId: u.productId,
        url: u.url,
        trigger: "manual" as const,
        priority: "normal" as const,
      })),
    db,
  );
  await dispatchTasks(created);
  return { count: created.length, tasks: created.map(presentTask) };
}
