import { and, eq } from "drizzle-orm";
import type { DbTx } from "@/db";
import { products, scrapeTasks } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { dispatchTasks } from "@/lib/jobs";
import { findActiveTasks } from "@/lib/jobs";
import { inTransaction } from "@/lib/jobs";
import { requestScrapes } from "@/lib/jobs";
import { getProductUrlOrThrow } from "@/lib/products";
import { presentTask } from "./present-task";

/** Manual scrapes (re-scrape buttons, API) per user and minute. */
export const MANUAL_SCRAPE_LIMIT = 30;

type TUrlRow = Awaited<ReturnType<typeof getProductUrlOrThrow>>;

export type TRequestUrlScrape = {
  useAi?: boolean;
  /** The caller's change to the URL, in the same transaction once the URL is held: undone by a refusal (429). */
  change?: (tx: DbTx, url: TUrlRow) => Promise<void>;
};

/**
 * Queues a manual, high-priority scrape of one of the owner's URLs and starts it. Idempotent while a scrape
 * of that URL is waiting or running: that task is answered instead of a second one (`created: false`).
 */
export async function requestUrlScrape(workspaceId: string, urlId: string, options: TRequestUrlScrape = {}) {
  // the product, then the URL, are held until the task is written (the order of a product delete's cascade, so
  // neither can deadlock the other): a concurrent delete waits, or this answers 404
  const outcome = await inTransaction(async (tx) => {
    const { productId } = await getProductUrlOrThrow(workspaceId, urlId, { db: tx });
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("key share");
    const url = await getProductUrlOrThrow(workspaceId, urlId, { db: tx, lock: "key share" });
    assertNotPaused(url);
    await options.change?.(tx, url);
    const active = await takeActiveTask(tx, urlId);
    if (active) return { task: active, created: false };
    await rateLimit(`scrape:${workspaceId}`, MANUAL_SCRAPE_LIMIT, 60_000, { db: tx });
    const [task] = await requestScrapes([{ workspaceId, urlId, productId: url.productId, url: url.url }], {
      tx,
      reason: "manual",
      priority: "high",
      useAi: options.useAi,
    });
    if (task) return { task, created: true };
    // another request queued one in between: the unique index kept that one
    const winner = await takeActiveTask(tx, urlId);
    if (winner) return { task: winner, created: false };
    throw new AppError("scrape_race");
  });
  return { task: presentTask(outcome.task), created: outcome.created };
}

/** A paused URL (plan limit after a downgrade) is read-only: no reading, not even on demand. */
export function assertNotPaused(url: { paused: boolean; pausedReason: string | null }): void {
  if (!url.paused) return;
  throw new AppError("url_paused", { detail: url.pausedReason ?? undefined });
}

/** The URL's waiting or running task (at most one); a waiting retry is brought forward to run once committed. */
async function takeActiveTask(tx: DbTx, urlId: string) {
  const [active] = await findActiveTasks([urlId], { db: tx });
  if (!active) return null;
  if (active.status !== "retry") return active;
  // a click means "now": the waiting retry runs at once instead of after its backoff
  const [now] = await tx
    .update(scrapeTasks)
    .set({ runAt: new Date(), status: "pending" })
    .where(and(eq(scrapeTasks.id, active.id), eq(scrapeTasks.status, "retry")))
    .returning();
  if (!now) return active;
  await dispatchTasks([now], { tx });
  return now;
}
