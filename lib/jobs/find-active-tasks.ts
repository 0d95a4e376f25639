import { and, inArray, ne, sql } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";

/** A waiting or running task; a URL has at most one (scrape_tasks_url_active_unique). */
export const ACTIVE_TASK_STATUSES = ["pending", "processing", "retry"] as const;

/** The predicate of scrape_tasks_url_active_unique, for ON CONFLICT and raw SQL. */
export const ACTIVE_TASK_OF_URL = sql.raw(
  `status in (${ACTIVE_TASK_STATUSES.map((s) => `'${s}'`).join(", ")}) and url_id is not null`,
);

/** The waiting or running tasks of these URLs ("this URL already has a waiting task"), but `exceptTaskId`. */
export async function findActiveTasks(urlIds: string[], options: { db?: DbLike; exceptTaskId?: string } = {}) {
  if (urlIds.length === 0) return [];
  const db = options.db ?? (await getDb());
  return db
    .select()
    .from(scrapeTasks)
    .where(
      and(
        inArray(scrapeTasks.urlId, urlIds),
        inArray(scrapeTasks.status, [...ACTIVE_TASK_STATUSES]),
        options.exceptTaskId ? ne(scrapeTasks.id, options.exceptTaskId) : undefined,
      ),
    );
}
