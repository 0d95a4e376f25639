import type { plans } from "@/db/schema";
import { ensureVatTaxRate } from "./ensure-vat-tax-rate";
import { requireStripe } from "./stripe-client";
import { syncStripeSubscription } from "./sync-stripe-subscription";
import { withStripeErrors } from "./with-stripe-errors";

type PlanRow = typeof plans.$inferSelect;

/**
 * Moves a live Stripe subscription to another paid plan at once. An upgrade is invoiced now and only
 * applied if that payment succeeds (pending_if_incomplete); a downgrade credits the unused time. TVA is added on top.
 */
export async function changeStripePlan(subscriptionId: string, from: PlanRow | null, to: PlanRow, workspaceId: string) {
  const stripe = requireStripe();
  const current = await withStripeErrors(() => stripe.subscriptions.retrieve(subscriptionId));
  const item = current.items.data[0];
  if (!item) throw new Error(`abonnement Stripe ${subscriptionId} sans article`);
  const upgrade = !from || to.priceHtCents > from.priceHtCents;
  const taxRate = await ensureVatTaxRate();
  await withStripeErrors(() =>
    stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price: to.stripePriceId! }],
      cancel_at_period_end: false,
      // a subscription created before the TVA was charged gets it from this change on
      default_tax_rates: [taxRate],
      proration_behavior: upgrade ? "always_invoice" : "create_prorations",
      payment_behavior: upgrade ? "pending_if_incomplete" : "allow_incomplete",
      metadata: { workspace_id: workspaceId, plan_id: String(to.id) },
    }),
  );
  await syncStripeSubscription(subscriptionId);
}
