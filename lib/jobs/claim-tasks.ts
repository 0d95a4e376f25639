import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { getDb, queryRows, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { TASK_LEASE_MS } from "./renew-task-lease";

export type TTaskRow = typeof scrapeTasks.$inferSelect;
/** A claimed task with its URL's extraction hints (null for a one-off address). */
export type TClaimedTask = TTaskRow & {
  urlSelector: string | null;
  urlFetchMode: "auto" | "static" | "browser" | null;
};

const HOST = sql.raw(`lower(substring(url from '^[a-zA-Z]+://(?:[^@/]*@)?([^/:?#]+)'))`);
const ORDER = sql.raw(`case priority when 'high' then 0 when 'normal' then 1 else 2 end, run_at, created_at`);

/** A tenant's share of the scraper: one big import cannot take every slot of every runner. */
export const PER_USER_LIMIT = 4;

export type TClaimOptions = {
  limit?: number;
  /** At most this many tasks of one merchant host running at once in the caller. */
  perHostLimit?: number;
  /** Tasks the caller is already running, per host. */
  running?: Map<string, number>;
  /** At most this many tasks of one tenant running at once, across every runner (PER_USER_LIMIT by default). */
  perUserLimit?: number;
  /** The claimed tasks' lease (renewed while they run); TASK_LEASE_MS by default. */
  leaseMs?: number;
  db?: DbLike;
};

/**
 * Moves up to `limit` runnable tasks (pending or retry, due; highest priority, then oldest first) to
 * 'processing' for `workerId`, respecting the per-host limit of the caller and the per-tenant limit of all. Rows are
 * locked with FOR UPDATE SKIP LOCKED
 * and re-checked, so concurrent workers on one database never claim the same task.
 */
export async function claimTasks(workerId: string, options: TClaimOptions = {}): Promise<TClaimedTask[]> {
  const db = options.db ?? (await getDb());
  const lease = options.leaseMs ?? TASK_LEASE_MS;
  const limit = options.limit ?? 1;
  const perHost = options.perHostLimit ?? Number.MAX_SAFE_INTEGER;
  const running = options.running ?? new Map<string, number>();
  const saturated = [...running].filter(([, n]) => n >= perHost).map(([h]) => h);
  const perUser = options.perUserLimit ?? PER_USER_LIMIT;
  // the running tasks are few (bounded by the runners' concurrency) and found through the status index
  const busyTenants = sql`and workspace_id not in (select workspace_id from scrape_tasks where status = 'processing'
    group by workspace_id having count(*) >= ${perUser})`;
  const notSaturated = saturated.length
    ? sql`and ${HOST} not in (${sql.join(
        saturated.map((h) => sql`${h}`),
        sql`, `,
      )}) ${busyTenants}`
    : busyTenants;
  // one free slot (the steady state): a single statement is exact
  if (limit === 1) {
    return claim(
      db,
      workerId,
      lease,
      sql`select id from scrape_tasks
      where status in ('pending', 'retry') and run_at <= now() ${notSaturated}
      order by ${ORDER} limit 1 for update skip locked`,
    );
  }
  const candidates = await queryRows<{ id: string; host: string | null; workspace_id: string; user_running: number }>(
    db,
    sql`select id, ${HOST} as host, workspace_id,
          (select count(*)::int from scrape_tasks r where r.status = 'processing' and r.workspace_id = scrape_tasks.workspace_id)
            as user_running
        from scrape_tasks
        where status in ('pending', 'retry') and run_at <= now()
          ${notSaturated}
        order by ${ORDER}
        limit ${Math.min(limit * 16, 256)}`,
  );
  const taken = new Map(running);
  const perTenant = new Map<string, number>();
  const chosen: string[] = [];
  for (const c of candidates) {
    if (chosen.length >= limit) break;
    const host = c.host ?? "";
    const n = taken.get(host) ?? 0;
    const u = perTenant.get(c.workspace_id) ?? c.user_running;
    if (n >= perHost || u >= perUser) continue;
    taken.set(host, n + 1);
    perTenant.set(c.workspace_id, u + 1);
    chosen.push(c.id);
  }
  if (chosen.length === 0) return [];
  return claim(
    db,
    workerId,
    lease,
    sql`select id from scrape_tasks
    where id in (${sql.join(
      chosen.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and status in ('pending', 'retry') and run_at <= now()
    for update skip locked`,
  );
}

async function claim(db: DbLike, workerId: string, leaseMs: number, lockedIds: SQL): Promise<TClaimedTask[]> {
  const rows = await db
    .update(scrapeTasks)
    .set({
      status: "processing",
      lockedBy: workerId,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      startedAt: sql`now()`,
      finishedAt: null,
      updatedAt: sql`now()`,
    })
    .where(sql`${scrapeTasks.id} in (${lockedIds})`)
    .returning({
      ...getTableColumns(scrapeTasks),
      urlSelector: sql<string | null>`(select pu.selector from product_urls pu where pu.id = ${scrapeTasks.urlId})`,
      urlFetchMode: sql<
        TClaimedTask["urlFetchMode"]
      >`(select pu.fetch_mode from product_urls pu where pu.id = ${scrapeTasks.urlId})`,
    });
  return rows as TClaimedTask[];
}
