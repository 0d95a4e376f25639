import { type SQL, sql } from "drizzle-orm";
import { TRACKING_FREQUENCIES } from "@/db/schema";
import { inLateIndex, lateBound, periodOf } from "./health-sql";
import { DUE_CURSOR } from "./schemas";

// The data-health list of the 'late' or 'à jour' URLs in the order of their next check's due time (last check plus
// the period actually applied): the most overdue first among the late ones, the soonest due first among the up to
// date ones. Each frequency is one range of product_urls_workspace_late_idx ordered by (last check, id), hence by
// (due, id): a page is the merge of the first `limit + 1` entries of each of the 3 ranges after the cursor, so it
// reads at most 3 × (limit + 1) entries whatever the number of URLs (no read of every late URL, no sort of them).

/** The states listed in due order (the others in id order). */
export const DUE_ORDER_STATES = ["late", "up_to_date"] as const;

/**
 * One page of the workspace's URLs of state 'late' or 'up_to_date' in (due, id) order after `cursor`, each row with
 * the `columns` given (of `pu`), `due` and `due_key` (the cursor's due text); `extra` filters each range (a shop).
 */
export function dueOrderedPage(args: {
  workspaceId: string;
  state: (typeof DUE_ORDER_STATES)[number];
  hasAutomation: boolean;
  columns: SQL;
  extra: SQL;
  cursor?: string;
  limit: number;
}) {
  const after = args.cursor ? DUE_CURSOR.exec(args.cursor) : null;
  const checked = sql`coalesce(pu.last_checked_at, pu.created_at)`;
  const ranges = TRACKING_FREQUENCIES.map((frequency) => {
    const period = periodOf(frequency, args.hasAutomation);
    return sql`(select ${args.columns}, ${checked} + ${period} as due,
        to_char((${checked} + ${period}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as due_key
      from product_urls pu
      where pu.workspace_id = ${args.workspaceId} and pu.tracking_frequency = ${sql.raw(`'${frequency}'`)}
        and ${inLateIndex("pu")} and ${lateBound("pu", frequency, args.hasAutomation, args.state === "late")}
        ${after ? sql`and (${checked}, pu.id) > (${after[1]}::timestamptz - ${period}, ${after[2]}::uuid)` : sql``}
        ${args.extra}
      order by ${checked}, pu.id
      limit ${args.limit})`;
  });
  return sql`select u.*, (select p.name from products p where p.id = u.product_id) as product_name
    from (${sql.join(ranges, sql` union all `)}) u
    order by u.due, u.id
    limit ${args.limit}`;
}
