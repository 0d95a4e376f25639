import { selectAll } from "css-select";
import type { AnyNode, Document, Element } from "domhandler";
import { parsePriceDetailed } from "../parse-price";
import type { TCurrencyFamily } from "./currency-table";
import { visibleText } from "./dom-utils";
import { structuredAmount } from "./structured-values";

export type TSelectorPrice = {
  amount: string;
  currency: string | null;
  ambiguous: boolean;
  family: TCurrencyFamily | null;
};

// A user-given CSS selector; invalid selectors and empty matches yield null (never throw).
export function runSelector(doc: Document, selector: string, localeCurrency: string | null): TSelectorPrice | null {
  let els: Element[];
  try {
    els = selectAll<AnyNode, Element>(selector, doc).slice(0, 20);
  } catch {
    return null;
  }
  for (const el of els) {
    const text = visibleText(el, 300, true).replace(/\s+/g, " ").trim();
    const parsed = parsePriceDetailed(text, { localeCurrency });
    let amount = parsed.amount;
    if (amount === null) {
      const raw = el.attribs.content ?? el.attribs["data-price-amount"] ?? el.attribs["data-price"] ?? el.attribs.value;
      amount = raw === undefined ? null : structuredAmount(raw);
    }
    if (amount !== null && amount !== "0") {
      return { amount, currency: parsed.currency, ambiguous: parsed.currencyAmbiguous, family: parsed.currencyFamily };
    }
  }
  return null;
}
