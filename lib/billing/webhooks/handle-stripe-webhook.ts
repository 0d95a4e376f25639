import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "@/db";
import { stripeEvents } from "@/db/schema";
import { env } from "@/lib/env";
import { ApiError, badRequest } from "@/lib/http/api-error";
import { requireStripe } from "../stripe-client";
import { checkoutSessionCompleted } from "./checkout-session-completed";
import { customerSubscriptionCreated } from "./customer-subscription-created";
import { customerSubscriptionDeleted } from "./customer-subscription-deleted";
import { customerSubscriptionUpdated } from "./customer-subscription-updated";
import { invoicePaid } from "./invoice-paid";
import { invoicePaymentFailed } from "./invoice-payment-failed";

const HANDLERS: Record<string, (event: Stripe.Event) => Promise<void>> = {
  "checkout.session.completed": checkoutSessionCompleted,
  "customer.subscription.created": customerSubscriptionCreated,
  "customer.subscription.updated": customerSubscriptionUpdated,
  "customer.subscription.deleted": customerSubscriptionDeleted,
  "invoice.paid": invoicePaid,
  "invoice.payment_failed": invoicePaymentFailed,
};

/**
 * A Stripe webhook delivery: signature checked on the raw body, allowlisted events handled once (the
 * event id is recorded after success, so a replay is a no-op and a failure is retried by Stripe);
 * other events are acknowledged and ignored.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null) {
  const stripe = requireStripe();
  if (!env.STRIPE_WEBHOOK_SECRET) throw new ApiError(503, "webhook_not_configured", "Webhook Stripe non configuré");
  if (!signature) throw badRequest("Signature du webhook manquante", "invalid_signature");
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch {
    throw badRequest("Signature du webhook invalide", "invalid_signature");
  }
  const handler = HANDLERS[event.type];
  if (!handler) return { received: true, handled: false };
  const db = await getDb();
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  if (seen) return { received: true, handled: false, duplicate: true };
  await handler(event);
  await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { received: true, handled: true };
}
