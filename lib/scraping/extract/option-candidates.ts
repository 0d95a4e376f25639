import type { Element } from "domhandler";
import { parsePriceDetailed } from "../parse-price";
import type { TStructuredCandidate } from "./choose-structured";
import { cssPath } from "./css-path";
import { isElement, textOf } from "./dom-utils";
import type { TPageScan } from "./scan-page";
import type { TZones } from "./page-zones";
import { WEIGHTS } from "./weights";

// The amount with its sign and the dash before it: "128 Go – 699,00 €" → "128 Go".
const AMOUNT = /\s*[-–—:]?\s*(?:[$£€]\s?)?\d[\d\s.,]*\d?\s?(?:€|\$|£|EUR|USD|GBP|CHF|zł|kr|Kč)(?=\s|$|\))/gu;

const selectOf = (o: Element): Element | null => (isElement(o.parent) && o.parent.name === "select" ? o.parent : null);

/** The priced entries of a size/colour selector as variant candidates, located by their option value. */
export function optionCandidates(
  scan: TPageScan,
  zones: TZones,
  localeCurrency: string | null,
): TStructuredCandidate[] {
  const out: TStructuredCandidate[] = [];
  for (const o of scan.priceOptions) {
    const select = selectOf(o);
    if (!select || zones.isOffTopic(select)) continue;
    const text = o.children
      .map((c) => textOf(c))
      .join("")
      .replace(/\s+/g, " ")
      .trim();
    const parsed = parsePriceDetailed(text, { localeCurrency });
    if (parsed.amount === null || parsed.amount === "0") continue;
    const label = text
      .replace(AMOUNT, " ")
      .replace(/\s+/g, " ")
      .replace(/^[\s–—:-]+|[\s–—:-]+$/g, "")
      .trim();
    const value = o.attribs.value;
    out.push({
      price: parsed.amount,
      currency: parsed.currency,
      source: "option",
      score: WEIGHTS.structured.option,
      kind: "variant",
      label: label || null,
      sku: o.attribs["data-sku"] ?? null,
      locator: value ? `${cssPath(select)} option[value="${value.replace(/["\\]/g, "")}"]` : cssPath(o),
    });
  }
  return out;
}
