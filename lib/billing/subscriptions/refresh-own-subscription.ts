import { getCurrentSubscription } from "./get-current-subscription";
import { findOwnSubscription } from "./find-own-subscription";
import { getStripe } from "@/lib/billing/stripe/stripe-client";
import { syncStripeSubscription } from "@/lib/billing/stripe/sync-stripe-subscription";

/** One of the caller's subscriptions, re-read from Stripe first when Stripe holds it. */
export async function refreshOwnSubscription(workspaceId: string, id: string) {
  const row = await findOwnSubscription(workspaceId, id);
  if (row.provider === "stripe" && row.stripeSubscriptionId && getStripe())
    await syncStripeSubscription(row.stripeSubscriptionId);
  return getCurrentSubscription(workspaceId);
}
