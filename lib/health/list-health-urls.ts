import { sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing";
import { BROKEN_INDEX_STATES, inBrokenIndex, isLate, shopOf, stateOf } from "./health-sql";
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

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * One page of the workspace's URLs with their state, filtered by state and shop, in id order: keyset paging on
 * (workspace_id, id) through product_urls_workspace_id_idx (no offset, no sort), `next_cursor` null on the last page.
 * A filter on a state but 'à jour' reads only the URLs of that state and their like (the broken ones, or the late
 * ones' ranges of product_urls_workspace_late_idx), sorted by id.
 */
export async function listHealthUrls(db: DbLike, workspaceId: string, query: THealthListQuery) {
  const plan = await getWorkspacePlan(workspaceId, db);
  const state = stateOf("pu", plan.hasAutomation);
  const rows = await queryRows<TRow>(
    db,
    sql`select pu.id, pu.product_id, (select p.name from products p where p.id = pu.product_id) as product_name,
        pu.name, pu.url, ${shopOf(sql`pu.url`)} as shop, ${state} as state, pu.last_status, pu.last_error,
        pu.paused_reason, pu.consecutive_failures, pu.tracking_frequency, pu.last_checked_at, pu.latest_price,
        pu.latest_currency, pu.latest_at
      from product_urls pu
      where pu.workspace_id = ${workspaceId}
        ${query.cursor ? sql`and pu.id > ${query.cursor}::uuid` : sql``}
        ${query.state ? sql`and ${state} = ${query.state}` : sql``}
        ${query.state && BROKEN_INDEX_STATES.includes(query.state) ? sql`and ${inBrokenIndex("pu")}` : sql``}
        ${query.state === "late" ? sql`and ${isLate("pu", plan.hasAutomation)}` : sql``}
        ${query.shop ? sql`and ${shopOf(sql`pu.url`)} = ${query.shop}` : sql``}
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
    next_cursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
