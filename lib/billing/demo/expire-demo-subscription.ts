import { recordAudit } from "@/lib/audit";
import { and, eq, isNotNull, lte, or, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { subscriptions, workspaces } from "@/db/schema";
import { applyPlanLimits } from "@/lib/billing/plans/apply-plan-limits";
import { switchToFreemium } from "@/lib/billing/subscriptions/switch-to-freemium";

const isDue = (now: Date) =>
  and(
    eq(subscriptions.provider, "demo"),
    or(eq(subscriptions.cancelAtPeriodEnd, true), isNotNull(subscriptions.pendingPlanId)),
    lte(subscriptions.currentPeriodEnd, now),
  );

/**
 * A demo subscription has no provider to end its period: once the period is over, a cancelled one
 * converges to Freemium and a scheduled downgrade takes over for a new month, on the next read or the
 * daily job (expireDueDemoSubscriptions), whichever comes first (plan limits applied). Idempotent.
 */
export async function expireDemoSubscription(workspaceId: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const [due] = await db
    .select({ id: subscriptions.id, cancel: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), isDue(now)))
    .limit(1);
  if (!due) return false;
  if (due.cancel) {
    await switchToFreemium(workspaceId);
    return true;
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
    await tx
      .update(subscriptions)
      .set({
        planId: sql`${subscriptions.pendingPlanId}`,
        pendingPlanId: null,
        currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} + interval '1 month'`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(subscriptions.id, due.id),
          isNotNull(subscriptions.pendingPlanId),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      );
    await applyPlanLimits(workspaceId, tx);
    await recordAudit(tx, workspaceId, "plan.change", { type: "plan" }, { reason: "pending_plan" });
  });
  return true;
}

/** The daily job's share: every demo subscription whose period is over with a change due. Returns how many. */
export async function expireDueDemoSubscriptions(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db.select({ workspaceId: subscriptions.workspaceId }).from(subscriptions).where(isDue(now));
  let applied = 0;
  for (const { workspaceId } of due) if (await expireDemoSubscription(workspaceId, now)) applied++;
  return applied;
}
