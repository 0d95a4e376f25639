import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { getDb, queryRows, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { defaultHostLimits, lockHostSlots, markHostsStarted } from "@/lib/fetching";
import { findCandidates } from "./claim-candidates";
import { claimFollowers } from "./claim-followers";
import { TASK_LEASE_MS } from "./renew-task-lease";
import { idList, lockTenantSlots } from "./tenant-slots";

export type TTaskRow = typeof scrapeTasks.$inferSelect;
/** A claimed task with its URL's extraction hints (null for a one-off address, unless it re-reads a URL's page). */
export type TClaimedTask = TTaskRow & {
  urlSelector: string | null;
  urlFetchMode: "auto" | "static" | "browser" | null;
  /** Tasks of other product URLs tracking the same page: their readings come from this task's fetch. */
  followers?: TClaimedTask[];
};

const UNLIMITED = 1_000_000;

/** A tenant's share of the scraper: one big import cannot take every slot of every runner. */
export const PER_USER_LIMIT = 4;

export type TClaimOptions = {
  limit?: number;
  /** Tasks of one merchant host running at once, across every runner, unless the host has its own limit. */
  perHostLimit?: number;
  /** Minimum delay between two starts on one host (SCRAPER_HOST_SPACING_MS by default). */
  hostSpacingMs?: number;
  /** At most this many tasks of one tenant running at once, across every runner (PER_USER_LIMIT by default). */
  perUserLimit?: number;
  /** The claimed tasks' lease (renewed while they run); TASK_LEASE_MS by default. */
  leaseMs?: number;
  db?: DbLike;
};

/** The claimed tasks, and when a host held back by its spacing may start again (null: nothing waits on one). */
export type TClaimResult = { tasks: TClaimedTask[]; waitMs: number | null };

/** claimRunnable's tasks. */
export async function claimTasks(workerId: string, options: TClaimOptions = {}): Promise<TClaimedTask[]> {
  return (await claimRunnable(workerId, options)).tasks;
}

/**
 * Moves up to `limit` runnable tasks (pending or retry, due; highest priority, then oldest first) to
 * 'processing' for `workerId`, within each host's politeness (concurrency and spacing, host_politeness) and
 * each tenant's limit, counted over every runner. The candidates are a short range of scrape_tasks_claim_idx per
 * host that may start, of the few ready hosts whose waiting tasks come first (findCandidates); the hosts' rows are
 * locked for the decision and the tasks with FOR UPDATE SKIP LOCKED, so concurrent workers on one database never
 * claim the same task nor overrun a host.
 */
export async function claimRunnable(workerId: string, options: TClaimOptions = {}): Promise<TClaimResult> {
  const db = options.db ?? (await getDb());
  const lease = options.leaseMs ?? TASK_LEASE_MS;
  const limit = options.limit ?? 1;
  const perUser = options.perUserLimit ?? PER_USER_LIMIT;
  const limits = defaultHostLimits({
    maxConcurrent: Math.min(options.perHostLimit ?? UNLIMITED, UNLIMITED),
    minSpacingMs: options.hostSpacingMs,
  });
  const candidates = await findCandidates(db, limit, perUser, limits.maxConcurrent);
  const tasks =
    candidates.length === 0
      ? []
      : await db.transaction(async (tx) => {
          const slots = await lockHostSlots(tx, [...new Set(candidates.map((c) => c.host))], limits);
          // read again under the hosts' locks: what another claim took meanwhile is gone, the counts are exact
          const fresh = await queryRows<{ id: string; host: string; page_key: string | null; workspace_id: string }>(
            tx,
            sql`select id, host, page_key, workspace_id from scrape_tasks
              where id in ${idList(candidates.map((c) => c.id))} and status in ('pending', 'retry') and run_at <= now()`,
          );
          const byId = new Map(fresh.map((c) => [c.id, c]));
          const tenants = [...new Set(fresh.map((c) => c.workspace_id))];
          const running = await lockTenantSlots(tx, tenants);
          const taken = new Map<string, number>();
          // two due tasks of one page: the first leads, the other follows it (claimFollowers), one fetch
          const pages = new Set<string>();
          const chosen: string[] = [];
          for (const { id } of candidates) {
            const c = byId.get(id);
            if (!c) continue;
            if (chosen.length >= limit) break;
            const n = taken.get(c.host) ?? 0;
            const u = running.get(c.workspace_id) ?? 0;
            if (n >= (slots.get(c.host)?.free ?? 0) || u >= perUser) continue;
            if (c.page_key !== null && pages.has(c.page_key)) continue;
            if (c.page_key !== null) pages.add(c.page_key);
            taken.set(c.host, n + 1);
            running.set(c.workspace_id, u + 1);
            chosen.push(c.id);
          }
          if (chosen.length === 0) return [];
          const claimed = await claim(
            tx,
            workerId,
            lease,
            sql`select id from scrape_tasks where id in ${idList(chosen)} and status in ('pending', 'retry')
              for update skip locked`,
          );
          await markHostsStarted(tx, [...new Set(claimed.map((t) => t.host))], limits);
          return claimFollowers(tx, workerId, lease, claimed);
        });
  return { tasks, waitMs: tasks.length < limit ? await nextHostStart(db) : null };
}

/** Until the first host held back by its spacing may start again, when one has runnable tasks. */
async function nextHostStart(db: DbLike): Promise<number | null> {
  const [row] = await queryRows<{ wait_ms: number | null }>(
    db,
    sql`select ceil(extract(epoch from (min(hp.next_start_at) - now())) * 1000)::int as wait_ms
      from host_politeness hp where hp.waiting > 0 and hp.next_start_at > now()`,
  );
  return row?.wait_ms == null ? null : Math.max(1, Number(row.wait_ms));
}

/** The tracked URL whose selector and fetch mode a task reads with: its own, or the one a one-off re-reads. */
const trackedUrl = sql`coalesce(${scrapeTasks.urlId}, (${scrapeTasks.metadata}->>'confirms_url_id')::uuid)`;

export async function claim(db: DbLike, workerId: string, leaseMs: number, lockedIds: SQL): Promise<TClaimedTask[]> {
  const rows = await db
    .update(scrapeTasks)
    .set({
      status: "processing",
      lockedBy: workerId,
      // the clock, not now(): the claim may have waited for its hosts' rows (lockHostSlots), and the host's
      // spacing is measured between these starts
      leaseUntil: sql`clock_timestamp() + make_interval(secs => ${leaseMs / 1000})`,
      startedAt: sql`clock_timestamp()`,
      finishedAt: null,
      updatedAt: sql`now()`,
      metadata: sql`${scrapeTasks.metadata} - 'fetch_of'`,
    })
    .where(sql`${scrapeTasks.id} in (${lockedIds})`)
    .returning({
      ...getTableColumns(scrapeTasks),
      urlSelector: sql<string | null>`(select pu.selector from product_urls pu where pu.id = ${trackedUrl})`,
      urlFetchMode: sql<
        TClaimedTask["urlFetchMode"]
      >`(select pu.fetch_mode from product_urls pu where pu.id = ${trackedUrl})`,
    });
  return rows as TClaimedTask[];
}
