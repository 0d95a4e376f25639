import { presentPaymentMethod } from "./present-payment-method";
import { getOwnPaymentMethod } from "./get-own-payment-method";
import { requireStripe } from "@/lib/billing/stripe/stripe-client";
import { withStripeErrors } from "@/lib/billing/stripe/with-stripe-errors";

/** Makes one of the caller's cards the one their invoices are charged to. */
export async function setDefaultPaymentMethod(workspaceId: string, paymentMethodId: string) {
  const { pm, customer } = await getOwnPaymentMethod(workspaceId, paymentMethodId);
  const stripe = requireStripe();
  await withStripeErrors(() =>
    stripe.customers.update(customer, { invoice_settings: { default_payment_method: pm.id } }),
  );
  return presentPaymentMethod(pm, pm.id);
}
