import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { plans, subscriptions } from "@/db/schema";
import { expireDemoSubscription } from "@/lib/billing/demo/expire-demo-subscription";
import { presentPlan } from "@/lib/billing/plans/present-plan";

/** SPEC.md §3 Subscription, or null when the user has none active. */
export async function getCurrentSubscription(workspaceId: string) {
  await expireDemoSubscription(workspaceId);
  const db = await getDb();
  const [row] = await db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.workspaceId, workspaceId))
    .limit(1);
  if (!row || row.sub.status === "canceled") return null;
  const pendingId = row.sub.pendingPlanId;
  const [pending] = pendingId ? await db.select().from(plans).where(eq(plans.id, pendingId)).limit(1) : [];
  return {
    id: row.sub.id,
    status: row.sub.status,
    plan: presentPlan(row.plan),
    subscription_plan_id: row.plan.id,
    current_period_end: row.sub.currentPeriodEnd ? Math.floor(row.sub.currentPeriodEnd.getTime() / 1000) : null,
    cancel_at_period_end: row.sub.cancelAtPeriodEnd,
    /** the plan taking over at current_period_end (a scheduled downgrade), or null */
    pending_plan: pending ? presentPlan(pending) : null,
    provider: row.sub.provider,
    stripe_subscription_id: row.sub.stripeSubscriptionId,
  };
}
