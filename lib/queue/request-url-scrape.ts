import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { conflict } from "@/lib/http/api-error";
import { rateLimit } from "@/lib/http/rate-limit";
import { dispatchTasks } from "@/lib/jobs/dispatch-tasks";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { getProductUrlOrThrow } from "@/lib/products/urls/get-product-url-or-throw";
import { presentTask } from "./present-task";

/** Manual scrapes (re-scrape buttons, API) per user and minute. */
export const MANUAL_SCRAPE_LIMIT = 30;

/**
 * Queues a manual, high-priority scrape of one of the owner's URLs and starts it. Idempotent while a scrape
 * of that URL is waiting or running: that task is answered instead of a second one (`created: false`).
 */
export async function requestUrlScrape(userId: string, urlId: string, options: { useAi?: boolean } = {}) {
  const db = await getDb();
  const url = await getProductUrlOrThrow(userId, urlId, undefined, db);
  const active = await findActiveTask(urlId);
  if (active) return { task: presentTask(active), created: false };
  await rateLimit(`scrape:${userId}`, MANUAL_SCRAPE_LIMIT, 60_000);
  const task = await enqueueScrape(
    {
      userId,
      urlId,
      productId: url.productId,
      url: url.url,
      trigger: "manual",
      priority: "high",
      useAi: options.useAi,
    },
    db,
  );
  if (!task) {
    // another request queued one in between: the unique index kept that one
    const winner = await findActiveTask(urlId);
    if (winner) return { task: presentTask(winner), created: false };
    throw conflict("Un relevé de cette URL vient de se terminer, veuillez réessayer", "scrape_race");
  }
  await dispatchTasks([task]);
  return { task: presentTask(task), created: true };
}

/** The URL's waiting or running task (at most one); a waiting retry is brought forward to run at once. */
async function findActiveTask(urlId: string) {
  const db = await getDb();
  const [active] = await db
    .select()
    .from(scrapeTasks)
    .where(and(eq(scrapeTasks.urlId, urlId), inArray(scrapeTasks.status, ["pending", "processing", "retry"])))
    .limit(1);
  if (active?.status !== "retry") return active ?? null;
  // a click means "now": the waiting retry runs at once instead of after its backoff
  const [now] = await db
    .update(scrapeTasks)
    .set({ runAt: new Date(), status: "pending" })
    .where(and(eq(scrapeTasks.id, active.id), eq(scrapeTasks.status, "retry")))
    .returning();
  if (now) await dispatchTasks([now]);
  return now ?? active;
}
