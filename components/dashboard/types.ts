// Shapes of the API answers the dashboard reads (SPEC.md §3).

export type PlanLimits = {
  price_ht: string | number | null;
  max_products: number | null;
  max_urls_per_product: number | null;
  history_retention_days: number | null;
  has_automation: boolean;
  has_email_alerts: boolean;
};

export type Plan = {
  id: number | string;
  name: string;
  description?: string | null;
  type?: string;
  price?: string | number | null;
  stripe_price_id?: string | null;
  limits?: Partial<PlanLimits> | null;
  /** Some answers flatten the limits onto the plan. */
  price_ht?: string | number | null;
};

export type MySubscription = {
  plan: Plan | null;
  status: string;
  current_period_end: number | null;
  subscription_plan_id: number | string | null;
  cancel_at_period_end?: boolean;
} | null;

export type Invoice = {
  id: string;
  created: number;
  amount_paid: number | null;
  amount_due: number | null;
  total: number | null;
  status: string | null;
  invoice_pdf?: string | null;
};

export type UserStats = { products: number; active_urls: number };

export type Profile = {
  first_name?: string | null;
  last_name?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  email: string;
};
