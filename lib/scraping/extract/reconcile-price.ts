import type { TCurrencyFamily } from "./currency-table";
import type { TStructuredPick } from "./choose-structured";
import type { TTextCandidate } from "./text-candidates";
import { WEIGHTS } from "./weights";

const T = WEIGHTS.thresholds;

export type TCurrencyInfo = { currency: string | null; ambiguous: boolean; family: TCurrencyFamily | null };

type TReconciled = { price: string; currencyInfo: TCurrencyInfo; method: "jsonld" | "microdata" | "meta" | "text" };

function fromText(c: TTextCandidate): TCurrencyInfo {
  return { currency: c.parsed.currency, ambiguous: c.parsed.currencyAmbiguous, family: c.parsed.currencyFamily };
}

// Structured data of the main product usually wins. The visible price wins when the structured one
// is the crossed-out price, when the structured product is probably not this page's, or when the
// structured product lists several prices (variants, sellers, a range) and the page shows one of them.
export function reconcilePrice(
  structured: TStructuredPick,
  all: TTextCandidate[],
  live: TTextCandidate[],
): TReconciled {
  const sPrice = structured.price ?? "";
  const sMethod = structured.method ?? "jsonld";
  const best = live[0] ?? null;
  const structuredInfo = (): TCurrencyInfo => {
    if (structured.currency) return { currency: structured.currency, ambiguous: false, family: null };
    const shown = live.find((c) => c.price === sPrice && c.parsed.currency);
    return shown ? fromText(shown) : { currency: null, ambiguous: false, family: null };
  };
  if (!best || best.score < T.strongText || best.price === sPrice)
    return { price: sPrice, currencyInfo: structuredInfo(), method: sMethod };

  // "1.299" in a structured field is 1.299 by the letter of schema.org, but a page showing "1.299 €"
  // or "1 299 €" means one thousand two hundred ninety-nine.
  const m = /^(\d+)\.(\d{3})$/.exec(sPrice);
  if (m && live.some((c) => c.price === `${m[1]}${m[2]}` && c.score >= T.thousandsConfirm)) {
    return { price: `${m[1]}${m[2]}`.replace(/^0+(?=\d)/, ""), currencyInfo: structuredInfo(), method: sMethod };
  }

  const struck = all.some((c) => c.excluded === "crossed-out" && c.price === sPrice);
  const shownScore = live.filter((c) => c.price === sPrice).reduce((mx, c) => Math.max(mx, c.score), 0);
  const override =
    (struck && shownScore < best.score) ||
    (structured.confidence === "low" && shownScore < best.score - T.doubtfulStructuredMargin);
  const inOffers = structured.offerPrices.includes(best.price);
  const inRange =
    !!structured.range &&
    Number(best.price) >= Number(structured.range.low) &&
    Number(best.price) <= Number(structured.range.high);
  if (inOffers) {
    return {
      price: best.price,
      currencyInfo: structured.currency ? structuredInfo() : fromText(best),
      method: sMethod,
    };
  }
  if (override || inRange) return { price: best.price, currencyInfo: fromText(best), method: "text" };
  return { price: sPrice, currencyInfo: structuredInfo(), method: sMethod };
}
