import type Stripe from "stripe";
import type { plans } from "@/db/schema";
import { requireStripe } from "./stripe-client";
import { withStripeErrors } from "./with-stripe-errors";

type PlanRow = typeof plans.$inferSelect;

/**
 * Schedules a cheaper paid plan for the end of the paid period, the Stripe way: a subscription schedule
 * made from the subscription keeps its current phase (the plan in force until current_period_end), then a
 * phase at the cheaper price, released into a plain subscription after it. Nothing is invoiced now; the
 * subscription switches price (customer.subscription.updated) when the period ends.
 */
export async function scheduleStripeDowngrade(
  sub: Stripe.Subscription,
  to: PlanRow,
  workspaceId: string,
  taxRate: string,
) {
  const stripe = requireStripe();
  if (sub.cancel_at_period_end || sub.cancel_at) {
    // a downgrade replaces a cancellation chosen before (a schedule is never made from a cancelled one)
    await withStripeErrors(() => stripe.subscriptions.update(sub.id, { cancel_at_period_end: false }));
  }
  const schedule = await withStripeErrors(() => stripe.subscriptionSchedules.create({ from_subscription: sub.id }));
  const current = schedule.phases[0];
  if (!current) throw new Error(`échéancier Stripe ${schedule.id} sans phase`);
  const priceOf = (price: string | Stripe.Price | Stripe.DeletedPrice) =>
    typeof price === "string" ? price : price.id;
  await withStripeErrors(() =>
    stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      proration_behavior: "none",
      phases: [
        {
          items: current.items.map((i) => ({ price: priceOf(i.price), quantity: i.quantity ?? 1 })),
          start_date: current.start_date,
          end_date: current.end_date,
          default_tax_rates: [taxRate],
          metadata: { ...sub.metadata },
        },
        {
          items: [{ price: to.stripePriceId!, quantity: 1 }],
          duration: { interval: "month", interval_count: 1 },
          default_tax_rates: [taxRate],
          proration_behavior: "none",
          metadata: { workspace_id: workspaceId, plan_id: String(to.id) },
        },
      ],
    }),
  );
}
