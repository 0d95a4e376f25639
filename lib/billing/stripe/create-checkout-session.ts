import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { plans, subscriptions } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { changeStripePlan } from "./change-stripe-plan";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { ensureVatTaxRate } from "./ensure-vat-tax-rate";
import { getBillingMode } from "@/lib/billing/get-billing-mode";
import { getLiveStripeSubscription } from "./get-live-stripe-subscription";
import { resolveCheckoutPlan } from "@/lib/billing/plans/resolve-checkout-plan";
import { ZCreateCheckoutSession, type TCreateCheckoutSession } from "@/lib/billing/schemas";
import { findRunningDemoPlan } from "@/lib/billing/demo/find-running-demo-plan";
import { signDemoSession } from "@/lib/billing/demo/sign-demo-session";
import { requireStripe } from "./stripe-client";
import { withStripeErrors } from "./with-stripe-errors";

/** An absolute URL on our own origin (APP_URL) for a redirect after payment; anything else is a 422. */
function ownUrl(raw: string | undefined, fallbackPath: string): string {
  const origin = new URL(env.appUrl).origin;
  if (!raw) return `${origin}${fallbackPath}`;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    throw new AppError("invalid_redirect_url");
  }
  if (url.origin !== origin || (raw.startsWith("//") && !raw.startsWith(origin))) {
    throw new AppError("invalid_redirect_url");
  }
  // Stripe substitutes the literal placeholder; URL parsing would have escaped its braces
  return url.toString().replace(/%7BCHECKOUT_SESSION_ID%7D/gi, "{CHECKOUT_SESSION_ID}");
}

/**
 * A cheaper paid plan chosen during a running paid demo period takes over at its end (the paid plan
 * stays in force until then): the subscription id, or null when this is not such a downgrade.
 */
async function scheduleDemoDowngrade(workspaceId: string, plan: typeof plans.$inferSelect) {
  const db = await getDb();
  const held = await findRunningDemoPlan(workspaceId, db);
  if (!held || plan.priceHtCents >= held.plan.priceHtCents) return null;
  await db
    .update(subscriptions)
    .set({ pendingPlanId: plan.id, cancelAtPeriodEnd: false, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, held.sub.id));
  return held.sub.id;
}

const SUCCESS_PATH = "/payment-success?session_id={CHECKOUT_SESSION_ID}";

/**
 * Where to pay for a paid plan: a Stripe Checkout session (or, without Stripe outside production, our
 * demo checkout). A user already paying through Stripe changes plan in place instead of subscribing twice;
 * the answer then points straight at the success page with the subscription id, or back at the plans when
 * a cheaper plan is scheduled for the end of the period (`scheduled: true`, as in demo mode).
 */
export async function createCheckoutSession(user: TAuthUser, input: TCreateCheckoutSession) {
  const data = ZCreateCheckoutSession.parse(input);
  const mode = getBillingMode();
  if (mode === "unavailable") throw new AppError("payments_unavailable");
  const plan = await resolveCheckoutPlan(data, { requireStripePrice: mode === "stripe" });
  if (plan.type === "freemium") throw new AppError("plan_is_free");
  const successUrl = ownUrl(data.success_url, SUCCESS_PATH);
  const cancelUrl = ownUrl(data.cancel_url, "/subscriptions");

  if (mode === "demo") {
    const scheduled = await scheduleDemoDowngrade(user.workspaceId, plan);
    if (scheduled) return { session_id: scheduled, url: `${env.appUrl}/subscriptions`, mode, scheduled: true };
    const sessionId = signDemoSession(user.workspaceId, plan.id);
    return { session_id: sessionId, url: `${env.appUrl}/checkout/demo?session_id=${sessionId}`, mode };
  }

  const stripe = requireStripe();
  const customer = await ensureStripeCustomer(user.workspaceId, user.id);
  const live = await getLiveStripeSubscription(user.workspaceId);
  if (live?.stripeSubscriptionId) {
    const db = await getDb();
    const [from] = await db.select().from(plans).where(eq(plans.id, live.planId)).limit(1);
    const { scheduled } = await changeStripePlan(live.stripeSubscriptionId, from ?? null, plan, user.workspaceId);
    if (scheduled)
      return { session_id: live.stripeSubscriptionId, url: `${env.appUrl}/subscriptions`, mode, scheduled: true };
    return {
      session_id: live.stripeSubscriptionId,
      url: successUrl.replace("{CHECKOUT_SESSION_ID}", live.stripeSubscriptionId),
      mode,
    };
  }

  const metadata = { workspace_id: user.workspaceId, plan_id: String(plan.id) };
  const taxRate = await ensureVatTaxRate();
  const session = await withStripeErrors(() =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: user.workspaceId,
      line_items: [{ price: plan.stripePriceId!, quantity: 1 }],
      success_url: successUrl,
      cancel_url: cancelUrl,
      locale: "fr",
      metadata,
      subscription_data: { metadata, default_tax_rates: [taxRate] },
    }),
  );
  if (!session.url) throw new AppError("payment_provider_error");
  return { session_id: session.id, url: session.url, mode };
}
