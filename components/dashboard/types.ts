// Shapes of the API answers the dashboard reads (SPEC.md §3).

import type { Plan } from "@/components/billing/types";

export type { Plan };

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
