import type { TAuthUser } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { addVat } from "@/lib/billing/vat";
import { resolveCheckoutPlan } from "@/lib/billing/plans/resolve-checkout-plan";
import { ZCreatePaymentIntent, type TCreatePaymentIntent } from "@/lib/billing/schemas";
import { requireStripe } from "./stripe-client";
import { withStripeErrors } from "./with-stripe-errors";

/** A card PaymentIntent for the caller's customer: a plan's price with TVA, or an explicit amount in cents. */
export async function createPaymentIntent(user: TAuthUser, input: TCreatePaymentIntent) {
  const data = ZCreatePaymentIntent.parse(input);
  const stripe = requireStripe();
  let amount = data.amount;
  let planId: number | undefined;
  if (data.price_id || data.plan_id) {
    const plan = await resolveCheckoutPlan(data, { requireStripePrice: false });
    // a plan is priced HT: the card pays the TTC amount, as the plan cards and invoices show
    amount = addVat(plan.priceHtCents).ttc;
    planId = plan.id;
  }
  if (!amount || amount < 50) throw new AppError("invalid_amount");
  const customer = await ensureStripeCustomer(user.workspaceId, user.id);
  const intent = await withStripeErrors(() =>
    stripe.paymentIntents.create({
      amount,
      currency: "eur",
      customer,
      automatic_payment_methods: { enabled: true },
      metadata: { workspace_id: user.workspaceId, ...(planId ? { plan_id: String(planId) } : {}) },
    }),
  );
  return {
    client_secret: intent.client_secret,
    payment_intent_id: intent.id,
    amount: intent.amount,
    currency: intent.currency,
  };
}
