import { sql } from "drizzle-orm";
import { queryRowsWithoutJit, type DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing";
import { env } from "@/lib/env";
import { countHealthStates } from "./get-health-summary";
import { inBrokenIndex, isLate, stateOf } from "./health-sql";
import { HEALTH_STATE_LABELS, type THealthState } from "./schemas";

/** The states the digest reports as broken (paused and up-to-date URLs are not). */
export const BROKEN_STATES: THealthState[] = ["blocked", "not_found", "uncertain", "rule_lost", "late"];
const EXAMPLES = 5;

export type TBrokenUrlsSummary = {
  total: number;
  states: { label: string; count: number }[];
  examples: { productName: string; urlName: string; stateLabel: string; failures: number }[];
  link: string;
};

/** For the daily digest: how many URLs are broken, by state, with the longest-failing few; null when none. */
export async function summarizeBrokenUrls(db: DbLike, workspaceId: string): Promise<TBrokenUrlsSummary | null> {
  const plan = await getWorkspacePlan(workspaceId, db);
  const counts = (await countHealthStates(db, workspaceId, plan.hasAutomation)).filter(
    (s) => BROKEN_STATES.includes(s.state) && s.count > 0,
  );
  const total = counts.reduce((n, s) => n + s.count, 0);
  if (total === 0) return null;
  const state = stateOf("pu", plan.hasAutomation);
  const broken = sql.join(
    BROKEN_STATES.filter((s) => s !== "late").map((s) => sql`${s}`),
    sql`, `,
  );
  // the longest-failing few of the failing URLs (product_urls_workspace_broken_idx) and of the late ones
  const rows = await queryRowsWithoutJit<{ product_name: string; name: string; state: THealthState; failures: number }>(
    db,
    sql`select p.name as product_name, x.name, x.state, x.failures
      from (
        (select pu.product_id, pu.name, ${state} as state, pu.consecutive_failures as failures, pu.id
          from product_urls pu where pu.workspace_id = ${workspaceId} and ${inBrokenIndex("pu")} and ${state} in (${broken})
          order by pu.consecutive_failures desc, pu.id limit ${EXAMPLES})
        union all
        (select pu.product_id, pu.name, 'late' as state, pu.consecutive_failures as failures, pu.id
          from product_urls pu where pu.workspace_id = ${workspaceId} and ${isLate("pu", plan.hasAutomation)}
          order by pu.consecutive_failures desc, pu.id limit ${EXAMPLES})
      ) x join products p on p.id = x.product_id
      order by x.failures desc, x.id limit ${EXAMPLES}`,
  );
  return {
    total,
    states: counts.map((s) => ({ label: s.label, count: s.count })),
    examples: rows.map((r) => ({
      productName: r.product_name,
      urlName: r.name,
      stateLabel: HEALTH_STATE_LABELS[r.state],
      failures: Number(r.failures),
    })),
    link: `${env.appUrl}/data-health`,
  };
}
