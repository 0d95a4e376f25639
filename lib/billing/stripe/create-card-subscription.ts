import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "@/db";
import { plans } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";
import { changeStripePlan } from "./change-stripe-plan";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { ensureVatTaxRate } from "./ensure-vat-tax-rate";
import { getLiveStripeSubscription } from "./get-live-stripe-subscription";
import { resolveCheckoutPlan } from "@/lib/billing/plans/resolve-checkout-plan";
import { ZCreateSubscription, type TCreateSubscription } from "@/lib/billing/schemas";
import { requireStripe } from "./stripe-client";
import { syncStripeSubscription } from "./sync-stripe-subscription";
import { withStripeErrors } from "./with-stripe-errors";

/**
 * The embedded card form's path: attaches the card to the user's customer as default, then creates the
 * subscription (or changes the plan of the live one). When the bank asks for authentication the answer is
 * `requires_action` with the client_secret the browser confirms with Stripe before success is reported.
 */
export async function createCardSubscription(user: TAuthUser, input: TCreateSubscription) {
  const data = ZCreateSubscription.parse(input);
  const stripe = requireStripe();
  const plan = await resolveCheckoutPlan(data, { requireStripePrice: true });
  if (plan.type === "freemium") throw new AppError("plan_is_free");
  const customer = await ensureStripeCustomer(user.workspaceId, user.id);
  await withStripeErrors(async () => {
    const pm = await stripe.paymentMethods.retrieve(data.payment_method_id);
    const owner = typeof pm.customer === "string" ? pm.customer : (pm.customer?.id ?? null);
    if (owner && owner !== customer) throw new AppError("invalid_payment_method");
    if (!owner) await stripe.paymentMethods.attach(data.payment_method_id, { customer });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: data.payment_method_id } });
  });

  const live = await getLiveStripeSubscription(user.workspaceId);
  if (live?.stripeSubscriptionId) {
    const db = await getDb();
    const [from] = await db.select().from(plans).where(eq(plans.id, live.planId)).limit(1);
    if (from?.id !== plan.id) await changeStripePlan(live.stripeSubscriptionId, from ?? null, plan, user.workspaceId);
    return { status: "active", client_secret: null, subscription_id: live.stripeSubscriptionId };
  }

  const metadata = { workspace_id: user.workspaceId, plan_id: String(plan.id) };
  const taxRate = await ensureVatTaxRate();
  // one attempt per (user, plan, card): a double click does not subscribe twice
  const key = createHash("sha256")
    .update(`${user.workspaceId}|${plan.id}|${data.payment_method_id}`)
    .digest("hex")
    .slice(0, 40);
  const sub = await withStripeErrors(() =>
    stripe.subscriptions.create(
      {
        customer,
        items: [{ price: plan.stripePriceId! }],
        default_tax_rates: [taxRate],
        default_payment_method: data.payment_method_id,
        payment_behavior: "allow_incomplete",
        metadata,
        expand: ["latest_invoice.confirmation_secret"],
      },
      { idempotencyKey: `veilleprix-sub-${key}` },
    ),
  );
  const invoice = typeof sub.latest_invoice === "object" ? (sub.latest_invoice as Stripe.Invoice | null) : null;
  const clientSecret = invoice?.confirmation_secret?.client_secret ?? null;
  if (sub.status === "incomplete" && clientSecret) {
    return { status: "requires_action", client_secret: clientSecret, subscription_id: sub.id };
  }
  await syncStripeSubscription(sub.id);
  return { status: sub.status, client_secret: clientSecret, subscription_id: sub.id };
}
