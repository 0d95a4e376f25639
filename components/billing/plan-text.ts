import type { TPlan } from "@/lib/billing/plans/present-plan";
import { formatAmount } from "@/lib/format";

type PlanText = Pick<TPlan, "type" | "limits">;

/** SPEC.md §2: '49 € /mois HT', the amount and its unit apart for the cards that style them differently. */
export function planPrice(plan: Pick<TPlan, "limits">): { amount: string; suffix: string } {
  return { amount: `${formatAmount(plan.limits.price_ht)} €`, suffix: "/mois HT" };
}

/** '49 € /mois HT' in one string. */
export function planPriceLabel(plan: Pick<TPlan, "limits">): string {
  const { amount, suffix } = planPrice(plan);
  return `${amount} ${suffix}`;
}

/**
 * The feature lines of a plan card, in the order of SPEC.md §2; the public pages also state how often prices
 * are read (daily on the free plan, hourly on paid plans).
 */
export function planFeatures(plan: PlanText, options: { frequency?: boolean } = {}): string[] {
  const l = plan.limits;
  const lines = [
    l.max_products === null ? "Produits illimités" : `${l.max_products} produits max`,
    l.max_urls_per_product === null ? "URLs illimitées par produit" : `${l.max_urls_per_product} URLs par produit`,
    l.history_retention_days === null ? "Historique illimité" : `Historique sur ${l.history_retention_days} jours`,
  ];
  if (options.frequency) lines.push(plan.type === "freemium" ? "Relevé quotidien des prix" : "Relevé horaire des prix");
  if (l.has_automation) lines.push("Automatisation");
  if (l.has_email_alerts) lines.push("Alertes par email");
  return lines;
}

export function isFreePlan(plan: PlanText): boolean {
  return plan.type === "freemium" || Number(plan.limits.price_ht) === 0;
}
