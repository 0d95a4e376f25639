import { formatAmount } from "@/lib/format";
import type { TPublicPlan } from "./load-plans";

type Limits = TPublicPlan["limits"];

/** "49 € /mois HT", the price line of SPEC.md §2 (Subscriptions screen). */
export function planPriceLabel(plan: Pick<TPublicPlan, "limits">): { amount: string; suffix: string } {
  return { amount: `${formatAmount(plan.limits.price_ht)} €`, suffix: "/mois HT" };
}

export function productsLabel(limits: Limits): string {
  return limits.max_products === null ? "Produits illimités" : `${limits.max_products} produits max`;
}

export function urlsLabel(limits: Limits): string {
  return limits.max_urls_per_product === null
    ? "URLs illimitées par produit"
    : `${limits.max_urls_per_product} URLs par produit`;
}

export function historyLabel(limits: Limits): string {
  return limits.history_retention_days === null
    ? "Historique illimité"
    : `Historique sur ${limits.history_retention_days} jours`;
}

/** Relevé frequency as the marketing text states it: daily on the free plan, hourly on paid plans. */
export function frequencyLabel(plan: Pick<TPublicPlan, "type">): string {
  return plan.type === "freemium" ? "Relevé quotidien des prix" : "Relevé horaire des prix";
}

/** The feature lines of a plan card, in the order of the Subscriptions screen. */
export function planFeatures(plan: TPublicPlan): string[] {
  const lines = [productsLabel(plan.limits), urlsLabel(plan.limits), historyLabel(plan.limits), frequencyLabel(plan)];
  if (plan.limits.has_automation) lines.push("Automatisation");
  if (plan.limits.has_email_alerts) lines.push("Alertes par email");
  return lines;
}
