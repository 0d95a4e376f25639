import { sql } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";
import type { TTaskRow } from "./claim-tasks";

export const DISPATCHED = "inngest:queued";

/**
 * Waiting tasks that nobody announced to Inngest (queued by code that does not dispatch, e.g. a URL's first
 * scrape; or handed back: recovered from a dead worker, given up by their run), due for `graceMs`; marks them
 * dispatched. A duplicate event is harmless: claiming is atomic.
 */
export async function collectUndispatchedTasks(
  options: { graceMs?: number; limit?: number; db?: DbLike } = {},
): Promise<TTaskRow[]> {
  const db = options.db ?? (await getDb());
  const seconds = Math.round((options.graceMs ?? 20_000) / 1000);
  return db
    .update(scrapeTasks)
    .set({ lockedBy: DISPATCHED, updatedAt: sql`now()` })
    .where(
      sql`${scrapeTasks.id} in (
        select ${scrapeTasks.id} from ${scrapeTasks}
        where ${scrapeTasks.status} in ('pending', 'retry') and ${scrapeTasks.lockedBy} is null
          and ${scrapeTasks.runAt} <= now() - make_interval(secs => ${seconds})
        order by ${scrapeTasks.runAt} limit ${options.limit ?? 5000}
        for update skip locked)`,
    )
    .returning();
}
