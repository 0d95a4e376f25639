import { isElement, visibleText } from "./dom-utils";
import type { TZones } from "./page-zones";
import { phraseRegex } from "./phrase-regex";
import { REGULAR_PRICE_WORDS } from "./phrases";
import type { TTextCandidate } from "./text-candidates";

const REGULAR_WORDS = phraseRegex(REGULAR_PRICE_WORDS);
// A list price more than this many times the price is another amount (a bundle, a typo), not a discount.
const MAX_RATIO = 5;

/**
 * The reference price a sale is announced against: the structured list price, else a crossed-out price
 * or one introduced by "au lieu de", "statt", "was" in the product block. Never computed from "-20 %".
 */
export function findRegularPrice(
  price: string | null,
  currency: string | null,
  structuredRegular: string | null,
  text: TTextCandidate[],
  zones: TZones,
): string | null {
  if (price === null) return null;
  const now = Number(price);
  const plausible = (p: string) => Number(p) > now && Number(p) <= now * MAX_RATIO;
  if (structuredRegular !== null && plausible(structuredRegular)) return structuredRegular;
  let best: TTextCandidate | null = null;
  for (const c of text) {
    if (!plausible(c.price) || zones.isOffTopic(c.el)) continue;
    // "$" read as USD on a peso page is the same sign: only an explicitly different currency is another price.
    if (c.parsed.currency && currency && c.parsed.currency !== currency && !c.parsed.currencyFamily) continue;
    const struck = c.excluded === "crossed-out" || c.excluded === "maybe-crossed-out";
    const box = isElement(c.el.parent) ? c.el.parent : c.el;
    const announced = c.excluded === "context" && REGULAR_WORDS.test(visibleText(box, 160, true));
    if (!struck && !announced) continue;
    if (!zones.isInMain(c.el) && zones.mainRoot) continue;
    if (!best || c.softScore > best.softScore) best = c;
  }
  return best?.price ?? null;
}
