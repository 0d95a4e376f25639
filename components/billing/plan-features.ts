import { formatAmount } from "@/lib/format";
import type { Plan } from "./types";

/** SPEC.md §2: '49 € /mois HT'. */
export function planPriceLabel(plan: Plan): string {
  return `${formatAmount(plan.limits?.price_ht ?? plan.price ?? 0)} € /mois HT`;
}

/** The feature lines of a plan card, in the order of SPEC.md §2. */
export function planFeatures(plan: Plan): string[] {
  const l = plan.limits;
  const lines = [
    l.max_products === null ? "Produits illimités" : `${l.max_products} produits max`,
    l.max_urls_per_product === null ? "URLs illimitées" : `${l.max_urls_per_product} URLs par produit`,
    l.history_retention_days === null ? "Historique illimité" : `Historique sur ${l.history_retention_days} jours`,
  ];
  if (l.has_automation) lines.push("Automatisation");
  if (l.has_email_alerts) lines.push("Alertes par email");
  return lines;
}

export function isFreePlan(plan: Plan): boolean {
  return plan.type === "freemium" || Number(plan.limits?.price_ht ?? plan.price ?? 0) === 0;
}
