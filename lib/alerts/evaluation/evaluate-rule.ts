import { evaluateChangeRule } from "./evaluate-change-rule";
import { evaluateLevelRule } from "./evaluate-level-rule";
import { evaluateStockRule } from "./evaluate-stock-rule";
import type { TRuleInput, TRuleOutcome } from "./types";

/**
 * Pure decision for one rule and one URL. A missing price (no price on a page said to be available: a
 * blocked or broken page) never fires anything; price rules need a price, stock rules an availability.
 */
export function evaluateRule(input: TRuleInput): TRuleOutcome {
  if (input.current.price === null && input.current.available) return { fire: false, armed: input.armed };
  switch (input.rule.kind) {
    case "any_change":
    case "drop":
    case "rise":
      return evaluateChangeRule(input);
    case "below":
    case "above":
    case "out_of_range":
    case "below_reference":
      return evaluateLevelRule(input);
    case "back_in_stock":
    case "out_of_stock":
      return evaluateStockRule(input);
    case "suspect_promotion":
    case "below_min_advertised":
      // a flag is opened once per episode, so the rule fires once per episode
      return { fire: (input.flags ?? []).includes(input.rule.kind), armed: input.armed };
  }
}
