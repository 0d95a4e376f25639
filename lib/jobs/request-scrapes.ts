import { type DbLike, getDb } from "@/db";
import type { scrapeTasks } from "@/db/schema";
import { dispatchTasks } from "./dispatch-tasks";
import { enqueueScrape, type TEnqueueScrape } from "./enqueue-scrape";

type TTaskRow = typeof scrapeTasks.$inferSelect;

export type TScrapeRequest = Pick<
  TEnqueueScrape,
  "workspaceId" | "urlId" | "productId" | "url" | "runAt" | "confirmsUrlId"
>;

export type TRequestScrapes = {
  /** Queues within this transaction (opened with inTransaction); the scrapes start once it commits. */
  tx?: DbLike;
  reason: TTaskRow["trigger"];
  priority?: TTaskRow["priority"];
  useAi?: boolean;
};

/**
 * The one way to ask for scrapes: queues a task per URL and starts them after commit. A URL that already has
 * a waiting or running task gets no second one and is left out of the answer (the unique index decides).
 */
export async function requestScrapes(urls: TScrapeRequest[], options: TRequestScrapes): Promise<TTaskRow[]> {
  if (urls.length === 0) return [];
  const conn = options.tx ?? (await getDb());
  const rows = await enqueueScrape(
    urls.map((u) => ({ ...u, trigger: options.reason, priority: options.priority, useAi: options.useAi })),
    conn,
  );
  await dispatchTasks(rows, { tx: conn });
  return rows;
}
