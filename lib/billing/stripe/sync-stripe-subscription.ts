import { recordAudit } from "@/lib/audit";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { z } from "zod";
import { getDb, type DbTx } from "@/db";
import { plans, subscriptions, workspaces } from "@/db/schema";
import { applyPlanLimits } from "@/lib/billing/plans/apply-plan-limits";
import { requireStripe } from "./stripe-client";

type LocalStatus = (typeof subscriptions.$inferSelect)["status"];

// Stripe statuses under which the subscription is (still) ours; incomplete ones grant nothing yet.
const LIVE: Record<string, LocalStatus> = {
  active: "active",
  trialing: "trialing",
  past_due: "past_due",
  unpaid: "unpaid",
  paused: "unpaid",
};

const customerIdOf = (sub: Stripe.Subscription) => (typeof sub.customer === "string" ? sub.customer : sub.customer.id);

/** current_period_end lives on the subscription items in recent API versions: the latest one. */
export function periodEndOf(sub: Stripe.Subscription): Date | null {
  const ends = sub.items.data.map((i) => i.current_period_end).filter((n): n is number => typeof n === "number");
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null;
}

async function retrieve(stripe: Stripe, id: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(id, { expand: ["schedule"] });
  } catch (error) {
    if ((error as { code?: string }).code === "resource_missing") return null;
    throw error;
  }
}

async function ownerOf(sub: Stripe.Subscription): Promise<string | null> {
  const db = await getDb();
  const byCustomer = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.stripeCustomerId, customerIdOf(sub)))
    .limit(1);
  if (byCustomer[0]) return byCustomer[0].id;
  // subscriptions created before workspaces name their owner user_id, which is their workspace's id
  const claimed = sub.metadata?.workspace_id ?? sub.metadata?.user_id;
  if (!claimed || !z.uuid().safeParse(claimed).success) return null;
  const [user] = await db
    .select({ id: workspaces.id, customer: workspaces.stripeCustomerId })
    .from(workspaces)
    .where(eq(workspaces.id, claimed))
    .limit(1);
  return user && !user.customer ? user.id : null;
}

async function planOf(tx: DbTx, sub: Stripe.Subscription) {
  const priceId = sub.items.data[0]?.price?.id;
  if (priceId) {
    const [byPrice] = await tx.select().from(plans).where(eq(plans.stripePriceId, priceId)).limit(1);
    if (byPrice) return byPrice;
  }
  const planId = Number(sub.metadata?.plan_id);
  if (!Number.isInteger(planId)) return null;
  const [byId] = await tx.select().from(plans).where(eq(plans.id, planId)).limit(1);
  return byId ?? null;
}

/**
 * The cheaper plan a subscription schedule puts in force after the current phase (a downgrade at period
 * end), or null: no schedule running, no later phase, or one at the price in force.
 */
async function pendingPlanOf(tx: DbTx, sub: Stripe.Subscription, planId: number): Promise<number | null> {
  const schedule = typeof sub.schedule === "object" ? sub.schedule : null;
  const phase = schedule?.status === "active" ? schedule.current_phase : null;
  if (!schedule || !phase) return null;
  const price = schedule.phases.find((p) => p.start_date >= phase.end_date)?.items[0]?.price;
  const priceId = typeof price === "string" ? price : price?.id;
  if (!priceId) return null;
  const [next] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.stripePriceId, priceId)).limit(1);
  return next && next.id !== planId ? next.id : null;
}

/**
 * Converges our subscription row with the truth re-read from Stripe, whatever event (or page) asked:
 * replayed or reordered events give the same result. A live subscription sets the plan (the newest one
 * wins if two are live), and its schedule the plan pending at period end; the end of the subscription we
 * hold brings the workspace back to Freemium. Plan limits are applied in the same transaction. Returns the workspace concerned, or null when none is.
 */
export async function syncStripeSubscription(subscriptionId: string): Promise<{ workspaceId: string } | null> {
  const stripe = requireStripe();
  const first = await retrieve(stripe, subscriptionId);
  if (!first) return null;
  const workspaceId = await ownerOf(first);
  if (!workspaceId) {
    console.warn(`[billing] abonnement Stripe ${subscriptionId} sans espace connu`);
    return null;
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    // the workspace row serialises every change to this workspace's billing
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
    const sub = (await retrieve(stripe, subscriptionId)) ?? first;
    const [local] = await tx.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)).limit(1);
    const status = LIVE[sub.status];

    if (!status) {
      if (sub.status === "incomplete" || local?.stripeSubscriptionId !== sub.id) return;
      const [freemium] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.code, "freemium")).limit(1);
      if (!freemium) throw new Error("Plan Freemium absent");
      await tx
        .update(subscriptions)
        .set({
          planId: freemium.id,
          status: "active",
          provider: "none",
          stripeSubscriptionId: null,
          stripePriceId: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          pendingPlanId: null,
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.workspaceId, workspaceId));
      await applyPlanLimits(workspaceId, tx);
      return;
    }

    if (local?.provider === "stripe" && local.stripeSubscriptionId && local.stripeSubscriptionId !== sub.id) {
      const held = await retrieve(stripe, local.stripeSubscriptionId);
      if (held && LIVE[held.status] && held.created > sub.created) return;
    }
    const plan = await planOf(tx, sub);
    if (!plan) {
      console.warn(`[billing] abonnement Stripe ${sub.id} : prix inconnu`);
      return;
    }
    const values = {
      planId: plan.id,
      status,
      provider: "stripe" as const,
      stripeSubscriptionId: sub.id,
      stripeCustomerId: customerIdOf(sub),
      stripePriceId: sub.items.data[0]?.price?.id ?? null,
      currentPeriodEnd: periodEndOf(sub),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end || sub.cancel_at),
      pendingPlanId: await pendingPlanOf(tx, sub, plan.id),
    };
    await tx
      .insert(subscriptions)
      .values({ workspaceId, ...values })
      .onConflictDoUpdate({ target: subscriptions.workspaceId, set: { ...values, updatedAt: sql`now()` } });
    await applyPlanLimits(workspaceId, tx);
    if (local?.planId !== plan.id)
      await recordAudit(tx, workspaceId, "plan.change", { type: "plan", id: plan.code }, { plan: plan.code, status });
  });
  return { workspaceId };
}
