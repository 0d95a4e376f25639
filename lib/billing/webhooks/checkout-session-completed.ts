import type Stripe from "stripe";
import { syncStripeSubscription } from "@/lib/billing/stripe/sync-stripe-subscription";

/** checkout.session.completed: converge the subscription the session created. */
export async function checkoutSessionCompleted(event: Stripe.Event) {
  const session = event.data.object as Stripe.Checkout.Session;
  const sub = session.subscription;
  const id = typeof sub === "string" ? sub : sub?.id;
  if (id) await syncStripeSubscription(id);
}
