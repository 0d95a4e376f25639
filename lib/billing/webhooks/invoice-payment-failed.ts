import type Stripe from "stripe";
import { syncInvoiceEvent } from "./sync-invoice-event";

/** invoice.payment_failed: the open invoice is recorded; Stripe's past_due/unpaid status is converged. */
export async function invoicePaymentFailed(event: Stripe.Event) {
  await syncInvoiceEvent(event);
}
