import type { TAlertKind } from "@/lib/alerts/schemas";

export type TRuleParams = {
  kind: TAlertKind;
  thresholdAmount: string | null;
  thresholdPercent: string | null;
  minPrice: string | null;
  maxPrice: string | null;
};

/** What the rules see of one URL at one price entry. */
export type TRuleInput = {
  rule: TRuleParams;
  /** the new entry; `price` null means the page showed no price */
  current: { price: string | null; available: boolean };
  /** latest earlier entry with a price (null on the first check) */
  previousPrice: string | null;
  /** availability of the latest earlier meaningful entry (null on the first check) */
  previousAvailable: boolean | null;
  /** the product's reference price ("mon prix") */
  referencePrice: string | null;
  /** arming state of this rule for this URL; level rules fire only while armed */
  armed: boolean;
  /** kinds of the promotion-check flags this entry opened (lib/flags) */
  flags?: string[];
};

export type TRuleOutcome = { fire: boolean; armed: boolean };
