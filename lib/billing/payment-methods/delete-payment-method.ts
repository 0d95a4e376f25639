import { getOwnPaymentMethod } from "./get-own-payment-method";
import { requireStripe } from "@/lib/billing/stripe/stripe-client";
import { withStripeErrors } from "@/lib/billing/stripe/with-stripe-errors";

/** Detaches one of the caller's cards from their customer. */
export async function deletePaymentMethod(workspaceId: string, paymentMethodId: string) {
  const { pm } = await getOwnPaymentMethod(workspaceId, paymentMethodId);
  const stripe = requireStripe();
  await withStripeErrors(() => stripe.paymentMethods.detach(pm.id));
  return { id: pm.id, deleted: true };
}
