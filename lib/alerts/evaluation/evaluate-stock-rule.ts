import type { TRuleInput, TRuleOutcome } from "./types";

/** back_in_stock / out_of_stock: a change of availability against the previous entry; never on the first check. */
export function evaluateStockRule(input: TRuleInput): TRuleOutcome {
  const { previousAvailable, armed } = input;
  if (previousAvailable === null) return { fire: false, armed };
  const now = input.current.available;
  if (input.rule.kind === "back_in_stock") return { fire: !previousAvailable && now, armed };
  if (input.rule.kind === "out_of_stock") return { fire: previousAvailable && !now, armed };
  return { fire: false, armed };
}
