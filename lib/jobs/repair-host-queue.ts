import { sql } from "drizzle-orm";
import { getDb, queryRows, type Db } from "@/db";

/** A host's waiting tasks as host_politeness keeps them (migration 0037) or as scrape_tasks holds them. */
type TQueue = { waiting: number; next_rank: number | null; next_run_at: string | null; due_at: string | null };
export type THostQueueRepair = { host: string; kept: TQueue; actual: TQueue };

const RANK = sql.raw(`(case t.priority when 'high' then 0 when 'normal' then 1 else 2 end)`);
/** Hosts repaired in one run at most: each run locks that many host rows (claims wait on them meanwhile). */
const MAX_HOSTS = 200;

/**
 * Recounts each host's waiting tasks (count, best claim rank and run_at, earliest run_at) from scrape_tasks and
 * repairs the host_politeness rows that drifted from them, logging each repair. The comparison reads the waiting
 * tasks once (scrape_tasks_claim_idx) without a lock; a host that differs is then locked as claims and the
 * trigger lock it (lockHostSlots: rows in the hosts' byte order) and recounted by a later statement, which sees
 * every writer that held its row before: a host that differed only because a writer was in flight is left as it
 * is, and a writer after the repair applies its change to the repaired row. Idempotent.
 */
export async function repairHostQueue(options: { db?: Db } = {}): Promise<THostQueueRepair[]> {
  const db = options.db ?? (await getDb());
  const suspects = await queryRows<{ host: string }>(
    db,
    sql`with r as (
        select t.host, ${RANK} as rank, count(*)::int as n, min(t.run_at) as run_at from scrape_tasks t
        where t.status in ('pending', 'retry') group by 1, 2
      ), a as (
        select host, sum(n)::int as n, min(run_at) as due, min(rank) as rank,
          (array_agg(run_at order by rank))[1] as run_at
        from r group by host
      ), p as (
        select * from host_politeness
        where waiting <> 0 or next_rank is not null or next_run_at is not null or due_at is not null
      )
      select coalesce(a.host, p.host) as host from a full join p on p.host = a.host
      where (coalesce(p.waiting, 0), p.next_rank, p.next_run_at, p.due_at)
        is distinct from (coalesce(a.n, 0), a.rank, a.run_at, a.due)
      order by 1 limit ${MAX_HOSTS}`,
  );
  if (suspects.length === 0) return [];
  const hosts = sql`array[${sql.join(
    suspects.map((s) => sql`${s.host}`),
    sql`, `,
  )}]::text[]`;
  const repaired = await db.transaction(async (tx) => {
    await tx.execute(sql`insert into host_politeness (host)
      select h from unnest(${hosts}) h where not exists (select 1 from host_politeness p where p.host = h)
      order by h collate "C" on conflict do nothing`);
    await tx.execute(
      sql`select host from host_politeness where host = any(${hosts}) order by host collate "C" for update`,
    );
    const rows = await queryRows<{ host: string } & Record<string, unknown>>(
      tx,
      sql`select p.host, p.waiting, p.next_rank, p.next_run_at::text, p.due_at::text,
          (select count(*)::int from scrape_tasks t where t.host = p.host and t.status in ('pending', 'retry')) as n,
          b.rank, b.run_at::text,
          (select min(t.run_at) from scrape_tasks t where t.host = p.host and t.status in ('pending', 'retry'))::text
            as due
        from host_politeness p
          left join lateral (select ${RANK} as rank, t.run_at from scrape_tasks t
            where t.host = p.host and t.status in ('pending', 'retry') order by 1, 2 limit 1) b on true
        where p.host = any(${hosts})`,
    );
    const drifted = rows
      .map((r) => ({
        host: r.host,
        kept: queue(r.waiting, r.next_rank, r.next_run_at, r.due_at),
        actual: queue(r.n, r.rank, r.run_at, r.due),
      }))
      .filter((r) => JSON.stringify(r.kept) !== JSON.stringify(r.actual));
    for (const r of drifted) {
      await tx.execute(sql`update host_politeness set waiting = ${r.actual.waiting}, next_rank = ${r.actual.next_rank},
        next_run_at = ${r.actual.next_run_at}::timestamptz, due_at = ${r.actual.due_at}::timestamptz
        where host = ${r.host}`);
    }
    return drifted;
  });
  for (const r of repaired) console.warn("[jobs] file d'attente d'un hôte corrigée", JSON.stringify(r));
  return repaired;
}

function queue(waiting: unknown, rank: unknown, runAt: unknown, due: unknown): TQueue {
  return {
    waiting: Number(waiting ?? 0),
    next_rank: rank === null || rank === undefined ? null : Number(rank),
    next_run_at: (runAt as string | null) ?? null,
    due_at: (due as string | null) ?? null,
  };
}
