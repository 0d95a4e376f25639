import { sql } from "drizzle-orm";
import { getDb, queryRows, type Db } from "@/db";
import { productUrls } from "@/db/schema";
import { enqueueScrape, type TEnqueueScrape } from "./enqueue-scrape";
import { ACTIVE_TASK_OF_URL } from "./find-active-tasks";
import type { TTaskRow } from "./claim-tasks";
import { computeNextCheck, pageKeyOf, type TTrackingFrequency } from "./compute-next-check";

type TDueRow = {
  id: string;
  workspace_id: string;
  product_id: string;
  url: string;
  tracking_frequency: TTrackingFrequency;
  has_automation: boolean;
  busy: boolean;
  next_check_at: string | null;
  latest_at: string | null;
};

export type TSweepResult = { tasks: TTaskRow[]; rescheduled: number };

/** Where the previous batch stopped: URLs never scheduled (null) come first, then by (next_check_at, id). */
type TKeyset = { at: string | null; id: string } | null;

/**
 * A batch of due, unpaused URLs after `after`, locked so that a concurrent sweep skips them: one range of
 * product_urls_due_idx (the keyset never walks again over the index entries of the URLs already moved on).
 */
function selectDue(limit: number, cutoff: string, after: TKeyset, workspaceId?: string) {
  const range =
    after === null
      ? sql`pu.next_check_at is null`
      : after.at === null
        ? sql`pu.next_check_at is null and pu.id > ${after.id}`
        : sql`pu.next_check_at <= ${cutoff}::timestamptz and (pu.next_check_at, pu.id) > (${after.at}::timestamptz, ${after.id}::uuid)`;
  return sql`
    select pu.id, pu.workspace_id, pu.product_id, pu.url, pu.tracking_frequency, pu.next_check_at::text,
      pu.latest_at::text,
      coalesce(
        case when s.id is not null and s.status not in ('canceled', 'incomplete', 'unpaid') then p.has_automation end,
        (select f.has_automation from plans f where f.code = 'freemium'),
        false
      ) as has_automation,
      exists (select 1 from scrape_tasks t where t.url_id = pu.id and ${ACTIVE_TASK_OF_URL}) as busy
    from product_urls pu
    left join subscriptions s on s.workspace_id = pu.workspace_id
    left join plans p on p.id = s.plan_id
    where pu.paused = false and ${range}
      ${workspaceId ? sql`and pu.workspace_id = ${workspaceId}` : sql``}
    order by pu.next_check_at, pu.id
    limit ${limit}
    for update of pu skip locked`;
}

const MIN_KEY = "00000000-0000-0000-0000-000000000000";

/**
 * Queues a scheduled scrape for every URL due when the sweep starts and moves its next_check_at one period
 * on (at its page's stable phase). A URL that already has a task waiting or running is only rescheduled.
 * One short transaction per batch; `onBatch` sees each batch's new tasks (e.g. to announce them).
 * Idempotent: a URL is due once per period; concurrent sweeps split the work.
 */
export async function sweepDueUrls(
  options: {
    batchSize?: number;
    maxBatches?: number;
    workspaceId?: string;
    db?: Db;
    onBatch?: (tasks: TTaskRow[]) => Promise<void>;
  } = {},
): Promise<TSweepResult> {
  const db = options.db ?? (await getDb());
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  const [{ cutoff }] = (await queryRows<{ cutoff: string }>(db, sql`select now()::text as cutoff`)) as [
    { cutoff: string },
  ];
  const tasks: TTaskRow[] = [];
  let rescheduled = 0;
  let after: TKeyset = null;
  for (let batch = 0; batch < maxBatches; batch++) {
    const { due, queued } = await db.transaction(async (tx) => {
      const due = await queryRows<TDueRow>(tx, selectDue(batchSize, cutoff, after, options.workspaceId));
      if (due.length === 0) return { due, queued: [] };
      const now = new Date();
      const values = due.map((r) => {
        const key = pageKeyOf(r.workspace_id, r.url);
        const next = computeNextCheck(key, r.tracking_frequency, r.has_automation, now);
        return sql`(${r.id}::uuid, ${next.toISOString()}::timestamptz)`;
      });
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
          prevReadingAt: r.latest_at,
        }));
      return { due, queued: fresh.length > 0 ? await enqueueScrape(fresh, tx) : [] };
    });
    rescheduled += due.length;
    tasks.push(...queued);
    if (queued.length > 0) await options.onBatch?.(queued);
    const last = due.at(-1);
    if (due.length < batchSize || !last) {
      // the never-scheduled URLs are done: on to the due range, from its start
      if (after === null || after.at === null) {
        after = { at: "-infinity", id: MIN_KEY };
        continue;
      }
      break;
    }
    after = { at: last.next_check_at, id: last.id };
  }
  return { tasks, rescheduled };
}
