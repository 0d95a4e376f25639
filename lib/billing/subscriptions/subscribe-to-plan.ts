import type { TAuthUser } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";
import { createCheckoutSession } from "@/lib/billing/stripe/create-checkout-session";
import { getLiveStripeSubscription } from "@/lib/billing/stripe/get-live-stripe-subscription";
import { getCurrentSubscription } from "./get-current-subscription";
import { resolveCheckoutPlan } from "@/lib/billing/plans/resolve-checkout-plan";
import { ZSubscribe, type TSubscribe } from "@/lib/billing/schemas";
import { setCancelAtPeriodEnd } from "./set-cancel-at-period-end";
import { switchToFreemium } from "./switch-to-freemium";

/**
 * Subscribes to a plan. Freemium is free: from a paid (Stripe or demo) subscription it takes effect at the
 * end of the paid period (cancellation at period end), otherwise at once. A paid plan answers the
 * checkout to use (`status: "requires_payment"`, `session_id`, `url`).
 */
export async function subscribeToPlan(user: TAuthUser, input: TSubscribe) {
  const data = ZSubscribe.parse(input);
  const planId = data.plan_id ?? data.planId;
  const plan = await resolveCheckoutPlan({ price_id: data.price_id, plan_id: planId }, { requireStripePrice: false });
  const current = await getCurrentSubscription(user.workspaceId);

  if (plan.type !== "freemium") {
    if (current?.subscription_plan_id === plan.id && current.status === "active" && !current.cancel_at_period_end) {
      throw new AppError("already_subscribed");
    }
    const checkout = await createCheckoutSession(user, {
      price_id: plan.stripePriceId ?? undefined,
      plan_id: String(plan.id),
    });
    return { status: "requires_payment", ...checkout };
  }

  const live = await getLiveStripeSubscription(user.workspaceId);
  if (live?.stripeSubscriptionId) {
    const subscription = await setCancelAtPeriodEnd(user.workspaceId, live.stripeSubscriptionId, true);
    return { status: "scheduled", subscription };
  }
  const demoPaidUntil = current?.provider === "demo" && current.status === "active" ? current.current_period_end : null;
  if (current && current.plan.code !== "freemium" && demoPaidUntil && demoPaidUntil * 1000 > Date.now()) {
    const subscription = await setCancelAtPeriodEnd(user.workspaceId, current.id, true);
    return { status: "scheduled", subscription };
  }
  await switchToFreemium(user.workspaceId);
  return { status: "active", subscription: await getCurrentSubscription(user.workspaceId) };
}
