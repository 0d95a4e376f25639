import type Stripe from "stripe";

/** A saved card as the screens show it; never more than brand, last digits and expiry. */
export function presentPaymentMethod(pm: Stripe.PaymentMethod, defaultId: string | null) {
  return {
    id: pm.id,
    type: pm.type,
    brand: pm.card?.brand ?? null,
    last4: pm.card?.last4 ?? null,
    exp_month: pm.card?.exp_month ?? null,
    exp_year: pm.card?.exp_year ?? null,
    is_default: pm.id === defaultId,
  };
}
