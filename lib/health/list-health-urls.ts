import { sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing";
import { DUE_ORDER_STATES, dueOrderedPage } from "./due-order";
import { brokenStateOf, shopOf, stateOf } from "./health-sql";
import { HEALTH_STATE_LABELS, type THealthListQuery, type THealthState } from "./schemas";

type TRow = {
  id: string;
  product_id: string;
  product_name: string;
  name: string;
  url: string;
  shop: string | null;
  state: THealthState;
  last_status: string;
  last_error: string | null;
  paused_reason: string | null;
  consecutive_failures: number;
  tracking_frequency: string;
  last_checked_at: Date | string | null;
  latest_price: string | null;
  latest_currency: string | null;
  latest_at: Date | string | null;
};

const cursorOf = (r: { id: string; due_key?: string } | undefined) =>
  r === undefined ? null : r.due_key === undefined ? r.id : `${r.due_key}_${r.id}`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * One page of the workspace's URLs with their state, filtered by state and shop, keyset-paged (no offset, no sort
 * of the workspace's URLs), `next_cursor` null on the last page. Unfiltered, in id order through
 * product_urls_workspace_id_idx; a state that needs a fix, in id order through one range of
 * product_urls_workspace_broken_state_idx; 'late' and 'à jour', in the order of their next check's due time
 * (most overdue first, then soonest due) through product_urls_workspace_late_idx (due-order.ts), the cursor then
 * `<due>_<id>`. Each page reads about its own rows whatever the number of URLs (a shop filter reads the rows of
 * the other shops on the way).
 */
export async function listHealthUrls(db: DbLike, workspaceId: string, query: THealthListQuery) {
  const plan = await getWorkspacePlan(workspaceId, db);
  const state = stateOf("pu", plan.hasAutomation);
  const columns = sql`pu.id, pu.product_id, pu.name, pu.url, ${shopOf(sql`pu.url`)} as shop, ${state} as state,
    pu.last_status, pu.last_error, pu.paused_reason, pu.consecutive_failures, pu.tracking_frequency,
    pu.last_checked_at, pu.latest_price, pu.latest_currency, pu.latest_at`;
  const shop = query.shop ? sql`and ${shopOf(sql`pu.url`)} = ${query.shop}` : sql``;
  const dueState = DUE_ORDER_STATES.find((s) => s === query.state);
  const rows = dueState
    ? await queryRows<TRow & { due_key: string }>(
        db,
        dueOrderedPage({
          workspaceId,
          state: dueState,
          hasAutomation: plan.hasAutomation,
          columns,
          extra: shop,
          cursor: query.cursor,
          limit: query.limit + 1,
        }),
      )
    : await queryRows<TRow & { due_key?: undefined }>(
        db,
        sql`select ${columns}, (select p.name from products p where p.id = pu.product_id) as product_name
          from product_urls pu
          where pu.workspace_id = ${workspaceId}
            ${query.cursor ? sql`and pu.id > ${query.cursor}::uuid` : sql``}
            ${query.state ? sql`and ${brokenStateOf("pu")} = ${query.state}` : sql``}
            ${shop}
          order by pu.workspace_id, pu.id
          limit ${query.limit + 1}`,
      );
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      product_id: r.product_id,
      product_name: r.product_name,
      name: r.name,
      url: r.url,
      shop: r.shop,
      state: r.state,
      state_label: HEALTH_STATE_LABELS[r.state],
      last_status: r.last_status,
      last_error: r.last_error,
      paused_reason: r.paused_reason,
      consecutive_failures: Number(r.consecutive_failures),
      tracking_frequency: r.tracking_frequency,
      last_checked_at: iso(r.last_checked_at),
      latest_price: r.latest_price,
      latest_currency: r.latest_currency?.trim() ?? null,
      latest_at: iso(r.latest_at),
    })),
    next_cursor: rows.length > query.limit ? cursorOf(page.at(-1)) : null,
  };
}
