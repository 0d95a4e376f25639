// Shapes of the billing API answers read by the billing screens (SPEC.md §3).
import type { TBillingConfig } from "@/lib/billing/get-billing-config";

export type { TBillingConfig };

export type PlanLimits = {
  price_ht: number | string | null;
  max_products: number | null;
  max_urls_per_product: number | null;
  history_retention_days: number | null;
  has_automation: boolean;
  has_email_alerts: boolean;
};

export type Plan = {
  id: number;
  code?: string;
  name: string;
  description?: string | null;
  type?: string;
  price?: number | string | null;
  stripe_price_id?: string | null;
  limits: PlanLimits;
};

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
