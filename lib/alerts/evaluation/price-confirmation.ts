import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls, scrapeTasks } from "@/db/schema";
import { requestScrapes } from "@/lib/jobs";
import type { TConfirmPrice } from "./evaluate-new-price";

/** The second reading of a price jump: "waiting" while its task has not ended; null when it failed. */
export type TConfirmation = Awaited<ReturnType<TConfirmPrice>> | "waiting";

/** A jump is re-read this long after its reading (a page caught mid-update has settled). */
export const CONFIRMATION_DELAY_MS = 60_000;

/**
 * Queues the re-reading of a URL's page after a price jump: a one-off scrape task (its reading is kept on the
 * task, never stored as a price of the URL) with the URL's selector and fetch mode, high priority, due in a minute,
 * and claimed like any scrape, within the shop's concurrency and spacing. The task's id, or null when the URL is gone.
 */
export async function requestPriceConfirmation(urlId: string): Promise<string | null> {
  const db = await getDb();
  const [url] = await db
    .select({ workspaceId: productUrls.workspaceId, productId: productUrls.productId, url: productUrls.url })
    .from(productUrls)
    .where(eq(productUrls.id, urlId))
    .limit(1);
  if (!url) return null;
  const runAt = new Date(Date.now() + CONFIRMATION_DELAY_MS);
  const [task] = await requestScrapes([{ ...url, urlId: null, runAt, confirmsUrlId: urlId }], {
    reason: "confirm",
    priority: "high",
  });
  return task?.id ?? null;
}

/** What the confirmation task read: "waiting" until it has ended; null when it failed or was cancelled. */
export async function readPriceConfirmation(taskId: string | null): Promise<TConfirmation> {
  if (!taskId) return null;
  const db = await getDb();
  const [task] = await db
    .select({ status: scrapeTasks.status, result: scrapeTasks.result })
    .from(scrapeTasks)
    .where(eq(scrapeTasks.id, taskId))
    .limit(1);
  if (!task) return null;
  if (task.status === "pending" || task.status === "processing" || task.status === "retry") return "waiting";
  const result = task.result as { price?: string | number | null; available?: boolean } | null;
  if (task.status !== "completed" || !result) return null;
  return { price: result.price ?? null, available: result.available !== false };
}
