// Politeness per merchant host, kept in PostgreSQL so that every runner and app instance shares it: at most
// `maxConcurrent` tasks of a host run at once, and two of its tasks start at least `minSpacingMs` apart.
import { sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";
import { env } from "@/lib/env";

export type THostLimits = { maxConcurrent: number; minSpacingMs: number };

export type THostSlot = {
  /** Tasks of the host that may start now (0 while its spacing runs). */
  free: number;
  spacingMs: number;
  /** Until the host's next start is allowed (0: now). */
  waitMs: number;
};

export function defaultHostLimits(overrides: Partial<THostLimits> = {}): THostLimits {
  return {
    maxConcurrent: overrides.maxConcurrent ?? env.SCRAPER_HOST_CONCURRENCY,
    minSpacingMs: overrides.minSpacingMs ?? env.SCRAPER_HOST_SPACING_MS,
  };
}

const hostList = (hosts: string[]) =>
  sql`(${sql.join(
    hosts.map((h) => sql`${h}`),
    sql`, `,
  )})`;

/**
 * Inside the claim's transaction: locks the hosts' rows, waiting for a claim that holds one (claims are short),
 * and tells how many tasks of each may start now. Every start of a host takes its row, so once it is locked the
 * host's running tasks and its next start are exact; they are read by a second statement, whose snapshot (READ
 * COMMITTED) sees what the claims that held the row before committed. Rows are locked in the hosts' byte order
 * (collate "C", as scrape_tasks' trigger locks them): two claims never wait on each other in a cycle. With a
 * spacing, one start per host and claim.
 */
export async function lockHostSlots(
  tx: DbLike,
  hosts: string[],
  defaults: THostLimits,
): Promise<Map<string, THostSlot>> {
  const slots = new Map<string, THostSlot>();
  if (hosts.length === 0) return slots;
  const sorted = [...new Set(hosts)].sort();
  await tx.execute(sql`insert into host_politeness (host)
    select h from unnest(array[${sql.join(
      sorted.map((h) => sql`${h}`),
      sql`, `,
    )}]::text[]) h
    where not exists (select 1 from host_politeness p where p.host = h)
    order by h collate "C"
    on conflict do nothing`);
  await tx.execute(
    sql`select host from host_politeness where host in ${hostList(sorted)} order by host collate "C" for update`,
  );
  const rows = await queryRows<{ host: string; free: number; spacing: number; wait_ms: number }>(
    tx,
    sql`select p.host,
        coalesce(p.max_concurrent, ${defaults.maxConcurrent}::int)
          - (select count(*)::int from scrape_tasks t where t.status = 'processing' and t.host = p.host
            and not t.metadata ? 'fetch_of') as free,
        coalesce(p.min_spacing_ms, ${defaults.minSpacingMs}::int) as spacing,
        greatest(0, ceil(extract(epoch from (p.next_start_at - clock_timestamp())) * 1000))::int as wait_ms
      from host_politeness p where p.host in ${hostList(sorted)}`,
  );
  for (const r of rows) {
    const waitMs = Number(r.wait_ms);
    const spacingMs = Number(r.spacing);
    const free = waitMs > 0 ? 0 : Math.max(0, Math.min(Number(r.free), spacingMs > 0 ? 1 : Number.MAX_SAFE_INTEGER));
    slots.set(r.host, { free, spacingMs, waitMs });
  }
  return slots;
}

/**
 * Records starts (same transaction as lockHostSlots, after the tasks' claim): the host's next start is one
 * spacing later. The clock, not now(): the transaction may have waited for the host's row.
 */
export async function markHostsStarted(tx: DbLike, hosts: string[], defaults: THostLimits): Promise<void> {
  if (hosts.length === 0) return;
  await tx.execute(sql`update host_politeness
    set next_start_at = clock_timestamp()
        + make_interval(secs => coalesce(min_spacing_ms, ${defaults.minSpacingMs}::int) / 1000.0),
      updated_at = now()
    where host in ${hostList(hosts)}`);
}

/** Per-shop overrides of the defaults (null: back to the default), e.g. a shop that tolerates one request at a time. */
export async function setHostLimits(
  db: DbLike,
  host: string,
  limits: { maxConcurrent?: number | null; minSpacingMs?: number | null },
): Promise<void> {
  await db.execute(sql`insert into host_politeness (host, max_concurrent, min_spacing_ms)
    values (${host.toLowerCase()}, ${limits.maxConcurrent ?? null}::int, ${limits.minSpacingMs ?? null}::int)
    on conflict (host) do update set max_concurrent = excluded.max_concurrent,
      min_spacing_ms = excluded.min_spacing_ms, updated_at = now()`);
}
