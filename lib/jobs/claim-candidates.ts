import { sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";

/** A task's rank in the claim order (priority, then run_at, then created_at): scrape_tasks_claim_idx after host. */
const RANK = sql.raw(`(case t.priority when 'high' then 0 when 'normal' then 1 else 2 end)`);

type TKey = { rank: number; run_at: Date | string };
type TCandidate = TKey & { id: string; host: string; created_at: Date | string };
/** A ready host and the lower bound of its waiting tasks' keys (host_politeness); `at` is next_run_at as text. */
type THost = TKey & { host: string; at: string };

/** Tasks of a host read to find those of tenants below their limit; past them, the tenants are probed one by one. */
const WINDOW = 32;

/**
 * The first runnable tasks, best first, of the tenants below their limit on the hosts neither in their spacing nor
 * at their limit. The hosts come from host_politeness_waiting_idx, best waiting task first (readyHosts), a few
 * more than `limit` at a time: a claim reads the hosts whose tasks it may start, not every host with waiting
 * tasks. Every task of a host not read yet ranks at or after the last host read (its row's bound), so once the
 * tasks found up to that bound cover `limit` hosts, no other task comes before them: the order stays global.
 */
export async function findCandidates(db: DbLike, limit: number, perUser: number, maxConcurrent: number) {
  const batch = Math.min(limit + 4, 256);
  const found = new Map<string, TCandidate>();
  let after: THost | null = null;
  for (;;) {
    const hosts: THost[] = await readyHosts(db, after, batch, maxConcurrent);
    if (hosts.length > 0) {
      for (const c of await firstTasks(db, hosts, limit, perUser)) found.set(c.id, c);
    }
    if (hosts.length < batch) break;
    after = hosts.at(-1)!;
    const bound = after;
    const before = new Set([...found.values()].filter((c) => byRank(c, bound) <= 0).map((c) => c.host));
    if (before.size >= limit) break;
  }
  return [...found.values()].sort(byRank).slice(0, Math.min(limit * 16, 256));
}

const byRank = (a: TKey & { created_at?: Date | string }, b: TKey & { created_at?: Date | string }) =>
  Number(a.rank) - Number(b.rank) ||
  new Date(a.run_at).getTime() - new Date(b.run_at).getTime() ||
  (a.created_at && b.created_at ? new Date(a.created_at).getTime() - new Date(b.created_at).getTime() : 0);

/**
 * Hosts with tasks that may be due, out of their spacing and below their concurrency, in the order of their best
 * waiting task's bound, after `after`: one range of host_politeness_waiting_idx, the running tasks counted only
 * for the hosts out of their spacing until `count` are found.
 */
async function readyHosts(db: DbLike, after: THost | null, count: number, maxConcurrent: number) {
  return queryRows<THost>(
    db,
    sql`select hp.host, hp.next_rank as rank, hp.next_run_at as run_at, hp.next_run_at::text as at
      from host_politeness hp
      where hp.waiting > 0 and hp.due_at <= now() and hp.next_start_at <= now()
        ${after ? sql`and (hp.next_rank, hp.next_run_at, hp.host) > (${after.rank}::int, ${after.at}::timestamptz, ${after.host})` : sql``}
        and (select count(*) from scrape_tasks r where r.host = hp.host and r.status = 'processing'
          and not r.metadata ? 'fetch_of') < coalesce(hp.max_concurrent, ${maxConcurrent}::int)
      order by hp.next_rank, hp.next_run_at, hp.host
      limit ${count}`,
  );
}

/**
 * Of `hosts`, the first runnable tasks of tenants below their limit, one short range of scrape_tasks_claim_idx
 * each (WINDOW tasks): a host's backlog, however long, is never read whole. When a host's window holds only tasks
 * of tenants at their limit (one big import ahead of everyone), its other tenants are found through
 * scrape_tasks_tenant_claim_idx, one probe and one short range per tenant waiting on that host.
 */
async function firstTasks(db: DbLike, hosts: THost[], limit: number, perUser: number) {
  const rows = await queryRows<TCandidate & { saturated: boolean }>(
    db,
    sql`with busy_tenants as not materialized (
          select workspace_id from scrape_tasks where status = 'processing'
          group by workspace_id having count(*) >= ${perUser}
        ),
        firsts as materialized (
          select c.id, open_hosts.host, c.rank, c.run_at, c.created_at, c.busy
          from ${hostArray(hosts)} as open_hosts(host) cross join lateral (
            select w.id, w.rank, w.run_at, w.created_at, w.workspace_id in (select workspace_id from busy_tenants) as busy
            from (
              select t.id, t.workspace_id, ${RANK} as rank, t.run_at, t.created_at, row_number() over () as nth
              from (select * from scrape_tasks t where t.host = open_hosts.host and t.status in ('pending', 'retry')
                and t.run_at <= now() order by ${RANK}, t.run_at, t.created_at limit ${WINDOW}) t
            ) w
            where w.workspace_id not in (select workspace_id from busy_tenants) or w.nth = ${WINDOW}
            limit ${limit}
          ) c
        )
        (select id, host, rank, run_at, created_at, false as saturated from firsts where not busy)
        union all
        select null, host, null, null, null, true from firsts group by host having bool_and(busy)`,
  );
  const found: TCandidate[] = rows.filter((r) => !r.saturated);
  const saturated = rows.filter((r) => r.saturated).map((r) => r.host);
  if (saturated.length > 0) found.push(...(await behindBusyTenants(db, saturated, limit, perUser)));
  return found;
}

const hostArray = (hosts: { host: string }[]) =>
  sql`unnest(array[${sql.join(
    hosts.map((h) => sql`${h.host}`),
    sql`, `,
  )}]::text[])`;

/** The first runnable tasks, on each of `hosts`, of the tenants below their limit: a loose scan over the tenants. */
async function behindBusyTenants(db: DbLike, hosts: string[], limit: number, perUser: number) {
  return queryRows<TCandidate>(
    db,
    sql`with recursive tenants(host, workspace_id) as (
          select h, (select t.workspace_id from scrape_tasks t where t.host = h and t.status in ('pending', 'retry')
            order by t.workspace_id limit 1)
          from ${hostArray(hosts.map((host) => ({ host })))} h
          union all
          select tenants.host, (select t.workspace_id from scrape_tasks t where t.host = tenants.host
            and t.status in ('pending', 'retry') and t.workspace_id > tenants.workspace_id
            order by t.workspace_id limit 1)
          from tenants where tenants.workspace_id is not null
        ),
        busy_tenants as (
          select workspace_id from scrape_tasks where status = 'processing'
          group by workspace_id having count(*) >= ${perUser}
        )
        select c.id, c.host, c.rank, c.run_at, c.created_at from tenants
          cross join lateral (
            select t.id, t.host, ${RANK} as rank, t.run_at, t.created_at from scrape_tasks t
            where t.host = tenants.host and t.workspace_id = tenants.workspace_id
              and t.status in ('pending', 'retry') and t.run_at <= now()
            order by ${RANK}, t.run_at, t.created_at
            limit ${limit}
          ) c
        where tenants.workspace_id is not null and tenants.workspace_id not in (select workspace_id from busy_tenants)`,
  );
}
