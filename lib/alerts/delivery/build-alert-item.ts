import { formatDateTime, formatEuros } from "@/lib/format";
import type { TAlertEmailItem } from "@/lib/email";
import { alertLinks } from "./alert-links";
import { formatPriceVariation } from "./format-price-variation";
import type { TAlertKind } from "@/lib/alerts/schemas";

/** Snapshot stored in alert_events.details when the alert fires, so later edits never rewrite history. */
export type TAlertEventDetails = {
  kind: TAlertKind;
  rule_description: string;
  product_name: string;
  url_name: string;
  url: string;
  available: boolean;
  observed_at: string;
  reference_price?: string | null;
  /** the evidence of a promotion-check flag, in French */
  finding?: string;
};

export const ALERT_HEADLINES: Record<TAlertKind, string> = {
  any_change: "Changement de prix détecté",
  drop: "Baisse de prix détectée",
  rise: "Hausse de prix détectée",
  below: "Prix sous votre minimum",
  above: "Prix au-dessus de votre maximum",
  out_of_range: "Prix hors de votre fourchette",
  back_in_stock: "De retour en stock",
  out_of_stock: "Rupture de stock",
  below_reference: "Un marchand passe sous votre prix",
  suspect_promotion: "Promotion suspecte : prix barré supérieur au plus bas des 30 jours",
  below_min_advertised: "Surveillance du prix minimum annoncé : un revendeur affiche un prix inférieur",
};

type TEventLike = {
  productId: string;
  oldPrice: string | null;
  newPrice: string | null;
  currency: string | null;
  details: unknown;
};

/** The French, formatted view of one alert event for the e-mail templates. */
export function buildAlertItem(event: TEventLike): TAlertEmailItem {
  const d = event.details as TAlertEventDetails;
  const currency = event.currency?.trim() || "EUR";
  const variation = formatPriceVariation(event.oldPrice, event.newPrice);
  return {
    headline: ALERT_HEADLINES[d.kind] ?? "Alerte prix",
    ruleDescription: d.rule_description,
    productName: d.product_name,
    merchantName: d.url_name,
    merchantUrl: d.url,
    oldPrice: event.oldPrice === null ? "N/A" : formatEuros(event.oldPrice, currency),
    newPrice: event.newPrice === null ? "N/A" : formatEuros(event.newPrice, currency),
    variation: variation.text,
    direction: variation.direction,
    availability: d.available ? "Disponible" : "Indisponible",
    observedAt: formatDateTime(d.observed_at),
    productLink: alertLinks.product(event.productId),
    finding: d.finding ?? null,
  };
}
