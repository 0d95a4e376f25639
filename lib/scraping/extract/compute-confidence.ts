import type { TStructuredPick } from "./choose-structured";
import type { TTextCandidate } from "./text-candidates";
import { WEIGHTS } from "./weights";

export type TConfidence = { confidence: number; reason: string | null };

const C = WEIGHTS.confidence;
const frFormats = new Map<string, Intl.NumberFormat>();
/** "1 299,99 €" as lib/format.ts writes it (the extraction imports nothing outside its folder). */
function formatPriceFr(price: string, currency: string | null): string {
  const n = Number(price);
  if (price.trim() === "" || !Number.isFinite(n)) return "N/A";
  const key = currency ?? (Number.isInteger(n) ? "whole" : "decimal");
  let format = frFormats.get(key);
  try {
    format ??= new Intl.NumberFormat(
      "fr-FR",
      currency
        ? { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }
        : { minimumFractionDigits: key === "whole" ? 0 : 2, maximumFractionDigits: 2 },
    );
  } catch {
    return price;
  }
  frFormats.set(key, format);
  return format.format(n);
}

const round = (x: number): number => Math.round(Math.min(1, Math.max(0, x)) * 100) / 100;

/** How sure the extractor is of `price` (0..1), and in French why it is not, for the user. */
export function computeConfidence(
  method: string | null,
  price: string | null,
  currency: string | null,
  structured: TStructuredPick,
  live: TTextCandidate[],
): TConfidence {
  if (price === null || method === null) return { confidence: 0, reason: null };
  if (method === "selector") return { confidence: 1, reason: null };
  const best = live[0] ?? null;
  const shown = live.some((c) => c.price === price && c.score >= WEIGHTS.thresholds.textOnly);
  const rival = live.find((c) => c.price !== price);
  const both = (other: string) => `${formatPriceFr(price, currency)} et ${formatPriceFr(other, currency)}`;

  if (method !== "text" && price === structured.price) {
    let confidence =
      method === "meta"
        ? C.structuredMeta
        : structured.confidence === "high"
          ? C.structuredOwnProduct
          : C.structuredOtherProduct;
    if (shown) confidence += C.shownBonus;
    const contradicted = !!best && best.price !== price && best.score >= WEIGHTS.thresholds.strongText && !shown;
    if (contradicted) confidence += C.contradictedPenalty;
    const reason = contradicted
      ? `les données structurées et le prix affiché diffèrent (${both(best.price)})`
      : structured.confidence === "low"
        ? "les données structurées décrivent peut-être un autre produit que celui de la page"
        : null;
    return { confidence: round(confidence), reason };
  }

  const top = live.find((c) => c.price === price)?.score ?? best?.score ?? 0;
  const second = rival?.score ?? 0;
  const margin = Math.min(C.text.marginCap, Math.max(0, top - second));
  let confidence = C.text.base + Math.min(top, C.text.scoreCap) * C.text.perScorePoint + margin * C.text.perMarginPoint;
  // A visible price chosen among the structured product's own offers or range is confirmed by both.
  if (method !== "text") confidence += C.text.structuredAgreement;
  const close = !!rival && top - second < C.text.closeRival;
  const reason = close
    ? `plusieurs prix plausibles sur la page (${both(rival.price)})`
    : "prix lu dans le texte de la page, sans repère fiable";
  // Not the only strong candidate (several products' prices, a pack chooser): the user chooses.
  if (close && second >= WEIGHTS.thresholds.strongText)
    confidence = Math.min(confidence, C.threshold - C.text.rivalGap);
  return { confidence: round(Math.min(confidence, C.text.max)), reason };
}
