import { sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";

/** `(id1::uuid, id2::uuid, …)` for an `in` of scrape_tasks' uuid columns. */
export const idList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/** Key space of the tenants' claim locks (pg_advisory_xact_lock's first key). */
const TENANT_CLAIM_LOCK = 2601;

/**
 * Inside a claim's transaction, after the hosts' rows (lockHostSlots): one transaction-level advisory lock per
 * tenant, then each tenant's running tasks over every runner (the status index: they are few). Two claims for
 * one tenant (local runners, Inngest steps, on different hosts) count them one after the other, each seeing
 * what the other committed; claims of other tenants go on. Taken in key order, after every host row: no wait
 * cycle.
 */
export async function lockTenantSlots(tx: DbLike, workspaceIds: string[]): Promise<Map<string, number>> {
  if (workspaceIds.length === 0) return new Map();
  const ids = sql.join(
    workspaceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(${TENANT_CLAIM_LOCK}::int, k)
    from (select distinct hashtext(w) as k from unnest(array[${ids}]::text[]) w order by k) keys`);
  // a second statement: its snapshot (READ COMMITTED) sees what the claims that held the locks committed
  const rows = await queryRows<{ workspace_id: string; n: number }>(
    tx,
    sql`select workspace_id, count(*)::int as n from scrape_tasks
      where status = 'processing' and workspace_id in ${idList(workspaceIds)} group by workspace_id`,
  );
  return new Map(rows.map((r) => [r.workspace_id, Number(r.n)]));
}
