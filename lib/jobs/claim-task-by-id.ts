import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbLike } from "@/db";
import { defaultHostLimits, lockHostSlots, markHostsStarted } from "@/lib/fetching";
import { claimFollowers } from "./claim-followers";
import { claim, PER_USER_LIMIT, type TClaimedTask } from "./claim-tasks";
import { TASK_LEASE_MS } from "./renew-task-lease";
import { lockTenantSlots } from "./tenant-slots";

/** A tenant at its limit frees a slot when one of its scrapes ends: a few seconds. */
const TENANT_WAIT_MS = 3000;

export type TClaimById = { task: TClaimedTask } | { task: null; waitMs?: number };

/**
 * Claims one given task if it is still runnable (Inngest path), within its host's politeness and its tenant's
 * limit (PER_USER_LIMIT running, over every runner and run) like the local claim: when the host is busy, its
 * spacing runs or the tenant is at its limit, nothing is claimed and `waitMs` says when to come back.
 * `task: null` without a wait: cancelled, done or taken.
 */
export async function claimTaskById(taskId: string, workerId: string, db?: DbLike): Promise<TClaimById> {
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    // the run's earlier attempt died holding the task and its followers (Inngest retries the step): back first
    await tx.execute(sql`update scrape_tasks set status = 'pending', locked_by = null, metadata = metadata - 'fetch_of'
      where status = 'processing' and locked_by = ${workerId}
        and (id = ${taskId} or metadata->>'fetch_of' = ${taskId})`);
    const [row] = await queryRows<{ host: string; workspace_id: string }>(
      tx,
      sql`select host, workspace_id from scrape_tasks where id = ${taskId} and status in ('pending', 'retry')`,
    );
    if (!row) return { task: null };
    const limits = defaultHostLimits();
    const slot = (await lockHostSlots(tx, [row.host], limits)).get(row.host);
    if (!slot || slot.free < 1) return { task: null, waitMs: Math.max(slot?.waitMs ?? 0, 1000) };
    const running = (await lockTenantSlots(tx, [row.workspace_id])).get(row.workspace_id) ?? 0;
    if (running >= PER_USER_LIMIT) return { task: null, waitMs: TENANT_WAIT_MS };
    const [task] = await claim(
      tx,
      workerId,
      TASK_LEASE_MS,
      sql`select id from scrape_tasks where id = ${taskId} and status in ('pending', 'retry') for update skip locked`,
    );
    if (!task) return { task: null };
    await markHostsStarted(tx, [row.host], limits);
    const [leader] = await claimFollowers(tx, workerId, TASK_LEASE_MS, [task]);
    return { task: leader! };
  });
}
