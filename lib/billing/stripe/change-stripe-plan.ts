import type { plans } from "@/db/schema";
import { ensureVatTaxRate } from "./ensure-vat-tax-rate";
import { releaseStripeSchedule } from "./release-stripe-schedule";
import { scheduleStripeDowngrade } from "./schedule-stripe-downgrade";
import { requireStripe } from "./stripe-client";
import { syncStripeSubscription } from "./sync-stripe-subscription";
import { withStripeErrors } from "./with-stripe-errors";

type PlanRow = typeof plans.$inferSelect;

/**
 * Moves a live Stripe subscription to another paid plan, replacing any change scheduled before. An upgrade
 * applies at once, invoiced now and only applied if that payment succeeds (pending_if_incomplete); a cheaper
 * plan takes over at the end of the paid period (scheduleStripeDowngrade); the plan in force drops the
 * scheduled change. TVA is added on top. Returns whether the change is scheduled rather than done.
 */
export async function changeStripePlan(subscriptionId: string, from: PlanRow | null, to: PlanRow, workspaceId: string) {
  const stripe = requireStripe();
  const current = await releaseStripeSchedule(subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new Error(`abonnement Stripe ${subscriptionId} sans article`);
  const taxRate = await ensureVatTaxRate();
  const downgrade = from !== null && to.priceHtCents < from.priceHtCents;
  if (downgrade) await scheduleStripeDowngrade(current, to, workspaceId, taxRate);
  else if (from?.id !== to.id) {
    // a pending update takes items, proration and metadata only: the TVA (for a subscription created before
    // it was charged) is set first, so the prorated invoice carries it
    if (!current.default_tax_rates?.some((r) => r.id === taxRate))
      await withStripeErrors(() => stripe.subscriptions.update(subscriptionId, { default_tax_rates: [taxRate] }));
    const upgraded = await withStripeErrors(() =>
      stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: to.stripePriceId! }],
        proration_behavior: "always_invoice",
        payment_behavior: "pending_if_incomplete",
        metadata: { workspace_id: workspaceId, plan_id: String(to.id) },
      }),
    );
    // a paid upgrade ends a cancellation chosen before; an unpaid one changes nothing
    if (!upgraded.pending_update && (current.cancel_at_period_end || current.cancel_at))
      await withStripeErrors(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }));
  }
  await syncStripeSubscription(subscriptionId);
  return { scheduled: downgrade };
}
