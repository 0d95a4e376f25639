import { and, eq, inArray } from "drizzle-orm";
import { type DbTx, getDb } from "@/db";
import { products, scrapeTasks } from "@/db/schema";
import { conflict, forbidden } from "@/lib/http/api-error";
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
  // the product, then the URL, are held until the task is written (the order of a product delete's cascade, so
  // neither can deadlock the other): a concurrent delete waits, or this answers 404
  const outcome = await db.transaction(async (tx) => {
    const { productId } = await getProductUrlOrThrow(userId, urlId, undefined, tx);
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("key share");
    const url = await getProductUrlOrThrow(userId, urlId, undefined, tx, "key share");
    assertNotPaused(url);
    const active = await findActiveTask(tx, urlId);
    if (active) return { ...active, created: false };
    await rateLimit(`scrape:${userId}`, MANUAL_SCRAPE_LIMIT, 60_000, { db: tx });
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
      tx,
    );
    if (task) return { task, dispatch: true, created: true };
    // another request queued one in between: the unique index kept that one
    const winner = await findActiveTask(tx, urlId);
    if (winner) return { ...winner, created: false };
    throw conflict("Un relevé de cette URL vient de se terminer, veuillez réessayer", "scrape_race");
  });
  if (outcome.dispatch) await dispatchTasks([outcome.task]);
  return { task: presentTask(outcome.task), created: outcome.created };
}

/** A paused URL (plan limit after a downgrade) is read-only: no reading, not even on demand. */
export function assertNotPaused(url: { paused: boolean; pausedReason: string | null }): void {
  if (!url.paused) return;
  throw forbidden(url.pausedReason ?? "Cette URL est en pause : son suivi est en lecture seule", "url_paused");
}

/**
 * The URL's waiting or running task (at most one); a waiting retry is brought forward to run at once
 * (`dispatch`: start it once the transaction commits).
 */
async function findActiveTask(tx: DbTx, urlId: string) {
  const [active] = await tx
    .select()
    .from(scrapeTasks)
    .where(and(eq(scrapeTasks.urlId, urlId), inArray(scrapeTasks.status, ["pending", "processing", "retry"])))
    .limit(1);
  if (!active) return null;
  if (active.status !== "retry") return { task: active, dispatch: false };
  // a click means "now": the waiting retry runs at once instead of after its backoff
  const [now] = await tx
    .update(scrapeTasks)
    .set({ runAt: new Date(), status: "pending" })
    .where(and(eq(scrapeTasks.id, active.id), eq(scrapeTasks.status, "retry")))
    .returning();
  return now ? { task: now, dispatch: true } : { task: active, dispatch: false };
}
