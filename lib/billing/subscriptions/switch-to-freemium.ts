import { recordAudit } from "@/lib/audit";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { plans, subscriptions, workspaces } from "@/db/schema";
import { applyPlanLimits } from "@/lib/billing/plans/apply-plan-limits";

/** Puts a user without a Stripe subscription on Freemium now, pausing (never deleting) what exceeds it. */
export async function switchToFreemium(workspaceId: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
    const [freemium] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.code, "freemium")).limit(1);
    if (!freemium) throw new Error("Plan Freemium absent");
    const values = {
      planId: freemium.id,
      status: "active" as const,
      provider: "none" as const,
      stripeSubscriptionId: null,
      stripePriceId: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      pendingPlanId: null,
    };
    await tx
      .insert(subscriptions)
      .values({ workspaceId, ...values })
      .onConflictDoUpdate({ target: subscriptions.workspaceId, set: { ...values, updatedAt: sql`now()` } });
    await applyPlanLimits(workspaceId, tx);
    await recordAudit(tx, workspaceId, "plan.change", { type: "plan", id: "freemium" }, { plan: "freemium" });
  });
}
