import { sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";

/** A task's rank in the claim order (priority, then run_at, then created_at): scrape_tasks_claim_idx after host. */
const RANK = sql.raw(`(case t.priority when 'high' then 0 when 'normal' then 1 else 2 end)`);

type TCandidate = { id: string; host: string; rank: number; run_at: Date | string; created_at: Date | string };

/** Tasks of a host read to find those of tenants below their limit; past them, the tenants are probed one by one. */
const WINDOW = 32;

/**
 * The hosts with waiting tasks, one index probe each (a loose scan of scrape_tasks_active_host_idx); of those
 * neither in their spacing nor at their limit, the first runnable tasks of tenants below their limit, best first.
 * Each host is read one short range of scrape_tasks_claim_idx (WINDOW tasks): a host's backlog, however long, is
 * never read while the host is held back. When a host's window holds only tasks of tenants at their limit (one big
 * import ahead of everyone), its other tenants are found through scrape_tasks_tenant_claim_idx, one probe and one
 * short range per tenant waiting on that host, instead of reading the big tenant's backlog.
 */
export async function findCandidates(db: DbLike, limit: number, perUser: number, maxConcurrent: number) {
  const rows = await queryRows<TCandidate & { saturated: boolean }>(
    db,
    sql`with recursive hosts(host) as (
          (select host from scrape_tasks where status in ('pending', 'retry') order by host limit 1)
          union all
          select (select t.host from scrape_tasks t where t.status in ('pending', 'retry') and t.host > hosts.host
            order by t.host limit 1)
          from hosts where hosts.host is not null
        ),
        busy_tenants as not materialized (
          select workspace_id from scrape_tasks where status = 'processing'
          group by workspace_id having count(*) >= ${perUser}
        ),
        open_hosts as (
          select hosts.host from hosts left join host_politeness hp on hp.host = hosts.host
          where hosts.host is not null and coalesce(hp.next_start_at <= now(), true)
            and (select count(*) from scrape_tasks r where r.host = hosts.host and r.status = 'processing'
              and not r.metadata ? 'fetch_of') < coalesce(hp.max_concurrent, ${maxConcurrent}::int)
        ),
        firsts as materialized (
          select c.id, open_hosts.host, c.rank, c.run_at, c.created_at, c.busy
          from open_hosts cross join lateral (
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
        (select id, host, rank, run_at, created_at, false as saturated from firsts where not busy
          order by rank, run_at, created_at limit ${Math.min(limit * 16, 256)})
        union all
        select null, host, null, null, null, true from firsts group by host having bool_and(busy)`,
  );
  const found: TCandidate[] = rows.filter((r) => !r.saturated);
  const saturated = rows.filter((r) => r.saturated).map((r) => r.host);
  if (saturated.length > 0) found.push(...(await behindBusyTenants(db, saturated, limit, perUser)));
  return found.sort(byRank).slice(0, Math.min(limit * 16, 256));
}

const byRank = (a: TCandidate, b: TCandidate) =>
  Number(a.rank) - Number(b.rank) ||
  new Date(a.run_at).getTime() - new Date(b.run_at).getTime() ||
  new Date(a.created_at).getTime() - new Date(b.created_at).getTime();

/** The first runnable tasks, on each of `hosts`, of the tenants below their limit: a loose scan over the tenants. */
async function behindBusyTenants(db: DbLike, hosts: string[], limit: number, perUser: number) {
  return queryRows<TCandidate>(
    db,
    sql`with recursive tenants(host, workspace_id) as (
          select h, (select t.workspace_id from scrape_tasks t where t.host = h and t.status in ('pending', 'retry')
            order by t.workspace_id limit 1)
          from unnest(array[${sql.join(
            hosts.map((h) => sql`${h}`),
            sql`, `,
          )}]::text[]) h
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
