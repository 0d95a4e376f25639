// Shapes of the billing API answers read by the billing screens (SPEC.md §3).
import type { TBillingConfig } from "@/lib/billing/get-billing-config";
import type { TPlan } from "@/lib/billing/present-plan";

export type { TBillingConfig };

// The Plan of SPEC.md §3, exactly as the API presents it.
export type Plan = TPlan;
export type PlanLimits = TPlan["limits"];

export type Subscription = {
  id: string;
  status: string;
  plan: Plan;
  subscription_plan_id: number;
  current_period_end: number | null;
  cancel_at_period_end: boolean;
  provider: "none" | "stripe" | "demo";
  stripe_subscription_id?: string | null;
} | null;

export type CheckoutAnswer = { session_id?: unknown; url?: unknown };
