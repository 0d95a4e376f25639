import { sql } from "drizzle-orm";
import { queryRowsWithoutJit, type DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing";
import { env } from "@/lib/env";
import { countHealthStates } from "./get-health-summary";
import { stateOf } from "./health-sql";
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
    BROKEN_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await queryRowsWithoutJit<{ product_name: string; name: string; state: THealthState; failures: number }>(
    db,
    sql`select p.name as product_name, pu.name, ${state} as state, pu.consecutive_failures as failures
      from product_urls pu join products p on p.id = pu.product_id
      where pu.workspace_id = ${workspaceId} and ${state} in (${broken})
      order by pu.consecutive_failures desc, pu.id limit ${EXAMPLES}`,
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
