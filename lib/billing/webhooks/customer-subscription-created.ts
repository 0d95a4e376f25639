import type Stripe from "stripe";
import { syncStripeSubscription } from "../sync-stripe-subscription";

/** customer.subscription.created: re-read the subscription from Stripe and converge (order-independent). */
export async function customerSubscriptionCreated(event: Stripe.Event) {
  await syncStripeSubscription((event.data.object as Stripe.Subscription).id);
}
