import type { DbLike } from "@/db";
import { getUserPlan } from "@/lib/billing/plans/get-user-plan";

/**
 * The oldest instant of history a user may see or export (SPEC.md §3 plan limits): now minus the plan's
 * history_retention_days; null when the plan keeps everything.
 */
export async function getRetentionCutoff(userId: string, db?: DbLike, now: Date = new Date()) {
  const plan = await getUserPlan(userId, db);
  const days = plan.historyRetentionDays;
  return {
    retentionDays: days,
    cutoff: days === null || days === undefined ? null : new Date(now.getTime() - days * 86_400_000),
  };
}
