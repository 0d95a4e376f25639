import { sql } from "drizzle-orm";
import { getDb, queryRows, type Db } from "@/db";
import { productUrls } from "@/db/schema";
import { enqueueScrape, type TEnqueueScrape } from "./enqueue-scrape";
import { ACTIVE_TASK_OF_URL } from "./find-active-tasks";
import type { TTaskRow } from "./claim-tasks";
import { computeNextCheck, type TTrackingFrequency } from "./compute-next-check";

type TDueRow = {
  id: string;
  workspace_id: string;
  product_id: string;
  url: string;
  tracking_frequency: TTrackingFrequency;
  has_automation: boolean;
  busy: boolean;
};

export type TSweepResult = { tasks: TTaskRow[]; rescheduled: number };

/** The due, unpaused URLs (oldest due first), locked so that a concurrent sweep skips them. */
function selectDue(limit: number, workspaceId?: string) {
  return sql`
    select pu.id, pu.workspace_id, pu.product_id, pu.url, pu.tracking_frequency,
      coalesce(
        case when s.id is not null and s.status not in ('canceled', 'incomplete', 'unpaid') then p.has_automation end,
        (select f.has_automation from plans f where f.code = 'freemium'),
        false
      ) as has_automation,
      exists (select 1 from scrape_tasks t where t.url_id = pu.id and ${ACTIVE_TASK_OF_URL}) as busy
    from product_urls pu
    left join subscriptions s on s.workspace_id = pu.workspace_id
    left join plans p on p.id = s.plan_id
    where pu.paused = false and (pu.next_check_at is null or pu.next_check_at <= now())
      ${workspaceId ? sql`and pu.workspace_id = ${workspaceId}` : sql``}
    order by pu.next_check_at asc nulls first
    limit ${limit}
    for update of pu skip locked`;
}

/**
 * Queues a scheduled scrape for every due URL and moves its next_check_at one period on (with its stable
 * jitter). A URL that already has a task waiting or running is only rescheduled. Idempotent: a URL is
 * due once per period; concurrent sweeps split the work.
 */
export async function sweepDueUrls(
  options: { batchSize?: number; maxBatches?: number; workspaceId?: string; db?: Db } = {},
): Promise<TSweepResult> {
  const db = options.db ?? (await getDb());
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? 40;
  const tasks: TTaskRow[] = [];
  let rescheduled = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const count = await db.transaction(async (tx) => {
      const due = await queryRows<TDueRow>(tx, selectDue(batchSize, options.workspaceId));
      if (due.length === 0) return 0;
      const now = new Date();
      const values = due.map(
        (r) =>
          sql`(${r.id}::uuid, ${computeNextCheck(r.id, r.tracking_frequency, r.has_automation, now).toISOString()}::timestamptz)`,
      );
      await tx.execute(sql`
        update ${productUrls} set next_check_at = v.next, updated_at = now()
        from (values ${sql.join(values, sql`, `)}) as v(id, next)
        where ${productUrls.id} = v.id`);
      const fresh: TEnqueueScrape[] = due
        .filter((r) => !r.busy)
        .map((r) => ({
          workspaceId: r.workspace_id,
          urlId: r.id,
          productId: r.product_id,
          url: r.url,
          trigger: "schedule",
          priority: "low",
        }));
      if (fresh.length > 0) tasks.push(...(await enqueueScrape(fresh, tx)));
      rescheduled += due.length;
      return due.length;
    });
    if (count < batchSize) break;
  }
  return { tasks, rescheduled };
}
