import { isElement, visibleText } from "./dom-utils";
import type { TZones } from "./page-zones";
import { phraseRegex } from "./phrase-regex";
import { SHIPPING_LABELS } from "./phrases";
import type { TTextCandidate } from "./text-candidates";

// "Livraison : 4,99 €", "Frais de port 3,90 €", "+ 4,99 € de livraison": a label right next to the amount.
const LABEL_THEN_AMOUNT = phraseRegex(
  SHIPPING_LABELS,
  (a) => `(?:${a})\\s*[:：]?\\s*\\+?\\s*(?:[A-Z]{0,3}[€$£¥￥₩]\\s?)?\\d`,
);
const AMOUNT_THEN_LABEL = phraseRegex(SHIPPING_LABELS, (a) => `\\d[\\d.,]*\\s?(?:€|\\$|£|eur)?\\s*(?:de\\s+)?(?:${a})`);
// A threshold or a promise, not a cost: "offerte dès 49 €", "free over $50", "ab 29 €".
const NOT_A_COST =
  /dès|à partir|offert|gratuit|free|over\b|ab\s\d|from\s|jusqu|until|express|retrait|relais|desde|sobre|gratis|무료|이상|無料|以上|免運|免运|滿|满/i;

/** Whether a short text states a shipping cost ("Livraison : 4,99 €"), not a threshold or a promise. */
export const statesShipping = (text: string): boolean => {
  const t = text.replace(/\s+/g, " ");
  return !NOT_A_COST.test(t) && (LABEL_THEN_AMOUNT.test(t) || AMOUNT_THEN_LABEL.test(t));
};

/** The shipping cost the page states unambiguously next to the price, else null: never guessed. */
export function findShipping(structured: string | null, text: TTextCandidate[], zones: TZones): string | null {
  if (structured !== null) return structured;
  const found = new Set<string>();
  for (const c of text) {
    if (c.excluded !== "context" && c.excluded !== "not-the-price") continue;
    if (zones.isOffTopic(c.el) || !zones.isInMain(c.el)) continue;
    if (statesShipping(visibleText(c.el, 120, true))) found.add(c.price);
    else if (isElement(c.el.parent)) {
      // "<span>Livraison :</span> <span>4,99 €</span>": the label is a sibling; a long parent says too much.
      const around = visibleText(c.el.parent, 120, true);
      if (around.length < 60 && statesShipping(around)) found.add(c.price);
    }
  }
  return found.size === 1 ? ([...found][0] ?? null) : null;
}
