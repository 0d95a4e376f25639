import type Stripe from "stripe";
import { requireStripe } from "@/lib/billing/stripe/stripe-client";
import { syncStripeSubscription } from "@/lib/billing/stripe/sync-stripe-subscription";
import { upsertStripeInvoice } from "@/lib/billing/invoices/upsert-stripe-invoice";

/** Records the invoice as Stripe holds it now, then converges the subscription it bills. */
export async function syncInvoiceEvent(event: Stripe.Event) {
  const stripe = requireStripe();
  const invoiceId = (event.data.object as Stripe.Invoice).id;
  const invoice = await stripe.invoices.retrieve(invoiceId);
  await upsertStripeInvoice(invoice);
  const sub = invoice.parent?.subscription_details?.subscription;
  const subId = typeof sub === "string" ? sub : sub?.id;
  if (subId) await syncStripeSubscription(subId);
}
