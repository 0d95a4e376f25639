import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { plans, subscriptions } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { findOwnSubscription } from "./find-own-subscription";
import { getCurrentSubscription } from "./get-current-subscription";
import { releaseStripeSchedule } from "@/lib/billing/stripe/release-stripe-schedule";
import { requireStripe } from "@/lib/billing/stripe/stripe-client";
import { syncStripeSubscription } from "@/lib/billing/stripe/sync-stripe-subscription";
import { withStripeErrors } from "@/lib/billing/stripe/with-stripe-errors";

/**
 * Cancels a paid subscription at the end of the paid period (cancel = true) or takes that back
 * (cancel = false). Nothing changes before the period ends; the plan limits then apply, data is kept.
 * Either way a scheduled downgrade to a cheaper paid plan is dropped (on Stripe, its schedule is released).
 */
export async function setCancelAtPeriodEnd(workspaceId: string, id: string, cancel: boolean) {
  const row = await findOwnSubscription(workspaceId, id);
  const db = await getDb();
  const [plan] = await db.select({ type: plans.type }).from(plans).where(eq(plans.id, row.planId)).limit(1);
  if (plan?.type === "freemium" || row.provider === "none") {
    throw new AppError("no_paid_subscription");
  }
  if (row.provider === "stripe" && row.stripeSubscriptionId) {
    const stripe = requireStripe();
    const subId = row.stripeSubscriptionId;
    await releaseStripeSchedule(subId);
    await withStripeErrors(() => stripe.subscriptions.update(subId, { cancel_at_period_end: cancel }));
    await syncStripeSubscription(subId);
  } else {
    await db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: cancel, pendingPlanId: null, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, row.id));
  }
  return getCurrentSubscription(workspaceId);
}
