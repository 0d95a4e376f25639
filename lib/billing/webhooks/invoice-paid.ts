import type Stripe from "stripe";
import { syncInvoiceEvent } from "./sync-invoice-event";

/** invoice.paid: the invoice becomes 'paid' and a renewed period extends the subscription. */
export async function invoicePaid(event: Stripe.Event) {
  await syncInvoiceEvent(event);
}
