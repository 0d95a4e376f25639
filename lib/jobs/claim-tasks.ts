import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { getDb, queryRows, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";

export type TTaskRow = typeof scrapeTasks.$inferSelect;
/** A claimed task with its URL's extraction hints (null for a one-off address). */
export type TClaimedTask = TTaskRow & { urlSelector: string | null; urlFetchMode: "auto" | "static" | "browser" | null };

const HOST = sql.raw(`lower(substring(url from '^[a-zA-Z]+://(?:[^@/]*@)?([^/:?#]+)'))`);
const ORDER = sql.raw(`case priority when 'high' then 0 when 'normal' then 1 else 2 end, run_at, created_at`);

export type TClaimOptions = {
  limit?: number;
  /** At most this many tasks of one merchant host running at once in the caller. */
  perHostLimit?: number;
  /** Tasks the caller is already running, per host. */
  running?: Map<string, number>;
  db?: DbLike;
};

/**
 * Moves up to `limit` runnable tasks (pending or retry, due; highest priority, then oldest first) to
 * 'processing' for `workerId`, respecting the per-host limit. Rows are locked with FOR UPDATE SKIP LOCKED
 * and re-checked, so concurrent workers on one database never claim the same task.
 */
export async function claimTasks(workerId: string, options: TClaimOptions = {}): Promise<TClaimedTask[]> {
  const db = options.db ?? (await getDb());
  const limit = options.limit ?? 1;
  const perHost = options.perHostLimit ?? Number.MAX_SAFE_INTEGER;
  const running = options.running ?? new Map<string, number>();
  const saturated = [...running].filter(([, n]) => n >= perHost).map(([h]) => h);
  const notSaturated = saturated.length
    ? sql`and ${HOST} not in (${sql.join(saturated.map((h) => sql`${h}`), sql`, `)})`
    : sql``;
  // one free slot (the steady state): a single statement is exact
  if (limit === 1) {
    return claim(db, workerId, sql`select id from scrape_tasks
      where status in ('pending', 'retry') and run_at <= now() ${notSaturated}
      order by ${ORDER} limit 1 for update skip locked`);
  }
  const candidates = await queryRows<{ id: string; host: string | null }>(
    db,
    sql`select id, ${HOST} as host from scrape_tasks
        where status in ('pending', 'retry') and run_at <= now()
          ${notSaturated}
        order by ${ORDER}
        limit ${Math.min(limit * 16, 256)}`,
  );
  const taken = new Map(running);
  const chosen: string[] = [];
  for (const c of candidates) {
    if (chosen.length >= limit) break;
    const host = c.host ?? "";
    const n = taken.get(host) ?? 0;
    if (n >= perHost) continue;
    taken.set(host, n + 1);
    chosen.push(c.id);
  }
  if (chosen.length === 0) return [];
  return claim(db, workerId, sql`select id from scrape_tasks
    where id in (${sql.join(chosen.map((id) => sql`${id}::uuid`), sql`, `)})
      and status in ('pending', 'retry') and run_at <= now()
    for update skip locked`);
}

async function claim(db: DbLike, workerId: string, lockedIds: SQL): Promise<TClaimedTask[]> {
  const rows = await db
    .update(scrapeTasks)
    .set({ status: "processing", lockedBy: workerId, startedAt: sql`now()`, finishedAt: null, updatedAt: sql`now()` })
    .where(sql`${scrapeTasks.id} in (${lockedIds})`)
    .returning({
      ...getTableColumns(scrapeTasks),
      urlSelector: sql<string | null>`(select pu.selector from product_urls pu where pu.id = ${scrapeTasks.urlId})`,
      urlFetchMode: sql<TClaimedTask["urlFetchMode"]>`(select pu.fetch_mode from product_urls pu where pu.id = ${scrapeTasks.urlId})`,
    });
  return rows as TClaimedTask[];
}
