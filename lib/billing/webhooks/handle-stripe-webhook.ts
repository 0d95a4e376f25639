import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "@/db";
import { stripeEvents } from "@/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { requireStripe } from "@/lib/billing/stripe/stripe-client";
import { syncStripeSubscription } from "@/lib/billing/stripe/sync-stripe-subscription";
import { upsertStripeInvoice } from "@/lib/billing/invoices/upsert-stripe-invoice";

/** Records the invoice as Stripe holds it now, then converges the subscription it bills. */
async function syncInvoiceEvent(event: Stripe.Event) {
  const stripe = requireStripe();
  const invoiceId = (event.data.object as Stripe.Invoice).id;
  const invoice = await stripe.invoices.retrieve(invoiceId);
  await upsertStripeInvoice(invoice);
  const sub = invoice.parent?.subscription_details?.subscription;
  const subId = typeof sub === "string" ? sub : sub?.id;
  if (subId) await syncStripeSubscription(subId);
}

/** checkout.session.completed: converge the subscription the session created. */
async function checkoutSessionCompleted(event: Stripe.Event) {
  const session = event.data.object as Stripe.Checkout.Session;
  const sub = session.subscription;
  const id = typeof sub === "string" ? sub : sub?.id;
  if (id) await syncStripeSubscription(id);
}

// the subscription as Stripe holds it now, whatever the order the events arrive in
const syncSubscription = async (event: Stripe.Event) => {
  await syncStripeSubscription((event.data.object as Stripe.Subscription).id);
};

// a schedule's change (a downgrade set, dropped, entered or over): its subscription, re-read likewise
const syncScheduleSubscription = async (event: Stripe.Event) => {
  const schedule = event.data.object as Stripe.SubscriptionSchedule;
  const sub = schedule.subscription ?? schedule.released_subscription;
  const subId = typeof sub === "string" ? sub : sub?.id;
  if (subId) await syncStripeSubscription(subId);
};

const HANDLERS: Record<string, (event: Stripe.Event) => Promise<void>> = {
  "checkout.session.completed": checkoutSessionCompleted,
  "customer.subscription.created": syncSubscription,
  "customer.subscription.updated": syncSubscription,
  "customer.subscription.deleted": syncSubscription,
  "subscription_schedule.updated": syncScheduleSubscription,
  "subscription_schedule.released": syncScheduleSubscription,
  "subscription_schedule.canceled": syncScheduleSubscription,
  "subscription_schedule.completed": syncScheduleSubscription,
  // 'paid' extends a renewed period; 'payment_failed' records the open invoice and converges past_due/unpaid
  "invoice.paid": syncInvoiceEvent,
  "invoice.payment_failed": syncInvoiceEvent,
};

/**
 * A Stripe webhook delivery: signature checked on the raw body, allowlisted events handled once (the
 * event id is recorded after success, so a replay is a no-op and a failure is retried by Stripe);
 * other events are acknowledged and ignored.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null) {
  const stripe = requireStripe();
  if (!env.STRIPE_WEBHOOK_SECRET) throw new AppError("webhook_not_configured");
  if (!signature) throw new AppError("webhook_signature_missing");
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch {
    throw new AppError("invalid_signature");
  }
  const handler = HANDLERS[event.type];
  if (!handler) return { received: true, handled: false };
  const db = await getDb();
  const [seen] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id))
    .limit(1);
  if (seen) return { received: true, handled: false, duplicate: true };
  try {
    await handler(event);
  } catch (error) {
    // an object Stripe no longer knows (or never did for this account): acknowledged and recorded, or
    // Stripe would retry it for three days
    if ((error as { code?: string }).code !== "resource_missing") throw error;
    console.warn(`[stripe] événement ${event.id} (${event.type}) ignoré : objet inconnu de Stripe`);
    await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
    return { received: true, handled: false, unknown_object: true };
  }
  await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { received: true, handled: true };
}
