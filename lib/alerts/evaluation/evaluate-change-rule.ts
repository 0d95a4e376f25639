import { toBigCents, toPercentHundredths } from "./cents";
import type { TRuleInput, TRuleOutcome } from "./types";

/**
 * any_change / drop / rise: compare the new price with the previous known price.
 * A move fires once (the next identical price is no move); never on the first check or without a price.
 * drop/rise fire when the move is at least the amount (€) or at least the percent of the previous price.
 */
export function evaluateChangeRule(input: TRuleInput): TRuleOutcome {
  const { rule, armed } = input;
  const previous = toBigCents(input.previousPrice);
  const current = toBigCents(input.current.price);
  if (previous === null || current === null || previous === current) return { fire: false, armed };
  if (rule.kind === "any_change") return { fire: true, armed };

  const move = rule.kind === "drop" ? previous - current : current - previous;
  if (move <= 0n) return { fire: false, armed };
  const amount = toBigCents(rule.thresholdAmount);
  const percent = toPercentHundredths(rule.thresholdPercent);
  let fire = false;
  if (amount !== null) fire = move >= amount;
  // move / previous >= percent / 100, in integers: move * 10000 >= percent(hundredths) * previous
  else if (percent !== null) fire = previous > 0n && move * 10000n >= percent * previous;
  return { fire, armed };
}
