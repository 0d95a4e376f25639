import { type Options, selectAll } from "css-select";
import type { AnyNode, Document, Element } from "domhandler";
import * as DomUtils from "domutils";
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

/**
 * Steps of the DOM walk a user's selector may take on one page. Matching costs n^k on a crafted selector
 * ("u ~ i ~ i ~ i" over 3,000 siblings, nested :has): past the budget the rule finds nothing, like a lost one.
 */
export const SELECTOR_BUDGET = 5_000_000;

type TAdapter = NonNullable<Options<AnyNode, Element>["adapter"]>;

function budgetedAdapter(budget: number): TAdapter {
  let left = budget;
  const step = () => {
    left -= 1;
    if (left < 0) throw new Error("sélecteur trop coûteux");
  };
  return {
    ...DomUtils,
    isTag: (node: AnyNode): node is Element => (step(), DomUtils.isTag(node)),
    getName: (elem: Element) => (step(), DomUtils.getName(elem)),
    getParent: (node: Element) => (step(), DomUtils.getParent(node)),
    getChildren: (node: AnyNode) => (step(), DomUtils.getChildren(node)),
    getSiblings: (node: AnyNode) => (step(), DomUtils.getSiblings(node)),
    prevElementSibling: (node: AnyNode) => (step(), DomUtils.prevElementSibling(node)),
  };
}

// A user-given CSS selector; invalid or too costly selectors and empty matches yield null (never throw).
export function runSelector(doc: Document, selector: string, localeCurrency: string | null): TSelectorPrice | null {
  let els: Element[];
  try {
    els = selectAll<AnyNode, Element>(selector, doc, { adapter: budgetedAdapter(SELECTOR_BUDGET) }).slice(0, 20);
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
