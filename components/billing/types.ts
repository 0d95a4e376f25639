// Shapes of the billing API answers read by the billing screens (SPEC.md §3).
import type { TBillingConfig } from "@/lib/billing/get-billing-config";
import type { Jsonify } from "@/client/jsonify";
import type { getCurrentSubscription } from "@/lib/billing/subscriptions/get-current-subscription";
import type { TPlan } from "@/lib/billing/plans/present-plan";

export type { TBillingConfig };

// The Plan of SPEC.md §3, exactly as the API presents it.
export type Plan = TPlan;
export type PlanLimits = TPlan["limits"];

/** GET /api/subscriptions/my-subscription (null: none, Freemium applies). */
export type Subscription = Jsonify<Awaited<ReturnType<typeof getCurrentSubscription>>>;

export type CheckoutAnswer = { session_id?: unknown; url?: unknown };
