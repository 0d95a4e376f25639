import type Stripe from "stripe";
import { requireStripe } from "./stripe-client";
import { withStripeErrors } from "./with-stripe-errors";

/**
 * Drops the change of plan scheduled on a Stripe subscription (its subscription schedule is released: the
 * subscription stays as it is now). Stripe refuses direct changes of cancellation to a subscription that a
 * schedule manages, so every change chosen by the user releases it first. Returns the subscription.
 */
export async function releaseStripeSchedule(subscriptionId: string): Promise<Stripe.Subscription> {
  const stripe = requireStripe();
  const sub = await withStripeErrors(() => stripe.subscriptions.retrieve(subscriptionId));
  const scheduleId = typeof sub.schedule === "string" ? sub.schedule : sub.schedule?.id;
  if (!scheduleId) return sub;
  await withStripeErrors(() => stripe.subscriptionSchedules.release(scheduleId));
  return { ...sub, schedule: null };
}
