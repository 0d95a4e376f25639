import type { DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing";

/**
 * The oldest instant of history a user may see or export (SPEC.md §3 plan limits): now minus the plan's
 * history_retention_days; null when the plan keeps everything.
 */
export async function getRetentionCutoff(workspaceId: string, db?: DbLike, now: Date = new Date()) {
  const plan = await getWorkspacePlan(workspaceId, db);
  const days = plan.historyRetentionDays;
  return {
    retentionDays: days,
    cutoff: days === null || days === undefined ? null : new Date(now.getTime() - days * 86_400_000),
  };
}
