import { toBigCents } from "./cents";
import type { TRuleInput, TRuleOutcome } from "./types";

/** Whether the price is past the rule's level; null when the rule cannot judge (no price, no reference). */
function crossed(input: TRuleInput): boolean | null {
  const price = toBigCents(input.current.price);
  if (price === null) return null;
  const min = toBigCents(input.rule.minPrice);
  const max = toBigCents(input.rule.maxPrice);
  switch (input.rule.kind) {
    case "below":
      return min === null ? null : price < min;
    case "above":
      return max === null ? null : price > max;
    case "out_of_range":
      return min === null || max === null ? null : price < min || price > max;
    case "below_reference": {
      const reference = toBigCents(input.referencePrice);
      return reference === null ? null : price < reference;
    }
    default:
      return null;
  }
}

/**
 * below / above / out_of_range / below_reference: the range [min, max] and the reference price are
 * inclusive (a price equal to the bound is inside). Fires once when the price crosses out while armed,
 * disarms, and re-arms when a later price is back inside. The first check counts. No price: no change.
 */
export function evaluateLevelRule(input: TRuleInput): TRuleOutcome {
  const outside = crossed(input);
  if (outside === null) return { fire: false, armed: input.armed };
  if (!outside) return { fire: false, armed: true };
  return input.armed ? { fire: true, armed: false } : { fire: false, armed: false };
}
