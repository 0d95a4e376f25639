import { formatAmount, formatEuros } from "@/lib/format";
import type { TAnyAlertKind } from "@/lib/alerts/schemas";

type TDescribable = {
  kind: TAnyAlertKind;
  failure_threshold?: number | null;
  threshold_amount: string | null;
  threshold_percent: string | null;
  min_price: string | null;
  max_price: string | null;
};

/** One French line saying what a rule watches ("Baisse d'au moins 10 %"). Browser-safe. */
export function describeRule(rule: TDescribable): string {
  const by =
    rule.threshold_amount !== null ? formatEuros(rule.threshold_amount) : `${formatAmount(rule.threshold_percent)} %`;
  switch (rule.kind) {
    case "any_change":
      return "Tout changement de prix";
    case "drop":
      return `Baisse d'au moins ${by}`;
    case "rise":
      return `Hausse d'au moins ${by}`;
    case "below":
      return `Prix sous ${formatEuros(rule.min_price)}`;
    case "above":
      return `Prix au-dessus de ${formatEuros(rule.max_price)}`;
    case "out_of_range":
      return `Prix hors de la fourchette ${formatEuros(rule.min_price)} – ${formatEuros(rule.max_price)}`;
    case "back_in_stock":
      return "Retour en stock";
    case "out_of_stock":
      return "Rupture de stock";
    case "below_reference":
      return "Un marchand passe sous mon prix";
    case "suspect_promotion":
      return "Promotion suspecte : prix barré supérieur au plus bas des 30 jours avant la réduction";
    case "below_min_advertised":
      return "Surveillance du prix minimum annoncé : un revendeur passe en dessous";
    case "monitoring_stopped":
      return `Surveillance interrompue : ${rule.failure_threshold ?? 3} relevés en échec ou bloqués d'affilée`;
  }
}
