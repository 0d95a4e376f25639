import { formatDate, formatDateTime, formatEuros } from "@/lib/format";
import type { TFlagEvidence, TFlagKind, TFloorEvidence, TPromotionEvidence } from "./schemas";

/** One French sentence stating a flag's evidence, for the e-mail and the flags list. Browser-safe. */
export function describeFlag(kind: TFlagKind, evidence: TFlagEvidence): string {
  if (kind === "suspect_promotion") {
    const e = evidence as TPromotionEvidence;
    const eur = (v: string) => formatEuros(v, e.currency);
    return (
      `Prix barré ${eur(e.regular_price)} (prix affiché ${eur(e.price)}), ` +
      (e.whole_window === false
        ? `alors qu'un prix plus bas a été relevé dans les 30 jours avant le début de la réduction `
        : `alors que le prix le plus bas relevé dans les 30 jours avant le début de la réduction `) +
      `(le ${formatDate(e.reduction_started.at)}) était ${eur(e.lowest.price)}, le ${formatDateTime(e.lowest.at)}.`
    );
  }
  const e = evidence as TFloorEvidence;
  return (
    `Prix relevé ${formatEuros(e.price, e.currency)} le ${formatDateTime(e.observed_at)}, ` +
    `sous le prix minimum annoncé surveillé (${formatEuros(e.min_advertised_price, e.currency)}).`
  );
}
