import type { TAuthUser } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";
import { ensureStripeCustomer } from "@/lib/billing/stripe/ensure-stripe-customer";
import { presentPaymentMethod } from "./present-payment-method";
import { ZAddPaymentMethod, type TAddPaymentMethod } from "@/lib/billing/schemas";
import { requireStripe } from "@/lib/billing/stripe/stripe-client";
import { withStripeErrors } from "@/lib/billing/stripe/with-stripe-errors";

/** Attaches a card created in the browser to the caller's customer; the first card becomes the default. */
export async function addPaymentMethod(user: TAuthUser, input: TAddPaymentMethod) {
  const data = ZAddPaymentMethod.parse(input);
  const stripe = requireStripe();
  const customerId = await ensureStripeCustomer(user.workspaceId, user.id);
  return withStripeErrors(async () => {
    const existing = await stripe.paymentMethods.retrieve(data.payment_method_id);
    const owner = typeof existing.customer === "string" ? existing.customer : (existing.customer?.id ?? null);
    if (owner && owner !== customerId) throw new AppError("invalid_payment_method");
    const pm = owner ? existing : await stripe.paymentMethods.attach(data.payment_method_id, { customer: customerId });
    const customer = await stripe.customers.retrieve(customerId);
    let def = "deleted" in customer && customer.deleted ? null : customer.invoice_settings?.default_payment_method;
    if (!def) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
      def = pm.id;
    }
    return presentPaymentMethod(pm, typeof def === "string" ? def : def.id);
  });
}
