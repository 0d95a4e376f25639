import { getDb, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { hostOf } from "@/lib/core/url-host";
import { ACTIVE_TASK_OF_URL } from "./find-active-tasks";
import { pageKeyOf } from "./compute-next-check";

type TaskRow = typeof scrapeTasks.$inferSelect;

export type TEnqueueScrape = {
  workspaceId: string;
  /** null: a page address scraped once, its result kept on the task only. */
  urlId: string | null;
  productId: string | null;
  url: string;
  trigger: TaskRow["trigger"];
  priority?: TaskRow["priority"];
  useAi?: boolean;
  runAt?: Date;
  /** A scheduled check: its URL's latest reading when it was queued (the freshness figure's due time). */
  prevReadingAt?: string | null;
  /** A one-off scrape (no urlId) re-reading this tracked URL's page with its selector and fetch mode. */
  confirmsUrlId?: string;
};

// Bounded by PostgreSQL's 65,535 bind parameters per statement.
const CHUNK = 1000;

/**
 * Queues scrapes as `scrape_tasks` rows with status 'pending' and returns the rows created; fetches nothing
 * (requestScrapes starts them; the minute sweep is the one other caller). A URL that already has a waiting or running task gets no second
 * one (the unique index decides, race-free): it is left out of the answer (null for a single task).
 * Pass a transaction to queue atomically with the caller's writes.
 */
export async function enqueueScrape(task: TEnqueueScrape, db?: DbLike): Promise<TaskRow | null>;
export async function enqueueScrape(tasks: TEnqueueScrape[], db?: DbLike): Promise<TaskRow[]>;
export async function enqueueScrape(
  input: TEnqueueScrape | TEnqueueScrape[],
  db?: DbLike,
): Promise<TaskRow | null | TaskRow[]> {
  const conn = db ?? (await getDb());
  const given = Array.isArray(input) ? input : [input];
  // each statement locks its hosts' host_politeness rows in host order (migration 0037's trigger): statements
  // in host order keep a transaction's locks in that order too, as a claim takes them
  const list = given.length > CHUNK ? given.toSorted((a, b) => compareHosts(hostOf(a.url), hostOf(b.url))) : given;
  const rows: TaskRow[] = [];
  for (let i = 0; i < list.length; i += CHUNK) {
    const values = list.slice(i, i + CHUNK).map((t) => ({
      workspaceId: t.workspaceId,
      urlId: t.urlId,
      productId: t.productId,
      url: t.url,
      host: hostOf(t.url),
      pageKey: t.urlId ? pageKeyOf(t.workspaceId, t.url) : null,
      status: "pending" as const,
      trigger: t.trigger,
      priority: t.priority ?? "normal",
      useAi: t.useAi ?? false,
      runAt: t.runAt ?? new Date(),
      metadata: t.urlId
        ? {
            url_id: t.urlId,
            product_id: t.productId,
            ...(t.prevReadingAt !== undefined && { prev_reading_at: t.prevReadingAt }),
          }
        : { product_id: t.productId, ad_hoc: true, ...(t.confirmsUrlId && { confirms_url_id: t.confirmsUrlId }) },
    }));
    rows.push(
      ...(await conn
        .insert(scrapeTasks)
        .values(values)
        .onConflictDoNothing({ target: scrapeTasks.urlId, where: ACTIVE_TASK_OF_URL })
        .returning()),
    );
  }
  return Array.isArray(input) ? rows : (rows[0] ?? null);
}

const compareHosts = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
