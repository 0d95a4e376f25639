import type { plans } from "@/db/schema";

type PlanRow = typeof plans.$inferSelect;

/** The Plan of SPEC.md §3: euros as numbers (price, limits.price_ht), null limits = unlimited. */
export function presentPlan(plan: PlanRow) {
  const euros = plan.priceHtCents / 100;
  return {
    id: plan.id,
    code: plan.code,
    name: plan.name,
    description: plan.description,
    type: plan.type,
    price: euros,
    currency: plan.currency,
    stripe_price_id: plan.stripePriceId,
    limits: {
      price_ht: euros,
      max_products: plan.maxProducts,
      max_urls_per_product: plan.maxUrlsPerProduct,
      history_retention_days: plan.historyRetentionDays,
      has_automation: plan.hasAutomation,
      has_email_alerts: plan.hasEmailAlerts,
    },
  };
}

export type TPlan = ReturnType<typeof presentPlan>;
