import { getMySubscription } from "./get-my-subscription";
import { findOwnSubscription } from "./find-own-subscription";
import { getStripe } from "./stripe-client";
import { syncStripeSubscription } from "./sync-stripe-subscription";

/** One of the caller's subscriptions, re-read from Stripe first when Stripe holds it. */
export async function getSubscription(userId: string, id: string) {
  const row = await findOwnSubscription(userId, id);
  if (row.provider === "stripe" && row.stripeSubscriptionId && getStripe()) await syncStripeSubscription(row.stripeSubscriptionId);
  return getMySubscription(userId);
}
