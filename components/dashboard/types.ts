// Shapes of the API answers the dashboard reads (SPEC.md §3).

import type { Plan } from "@/components/billing/types";
import type { Jsonify } from "@/client/jsonify";
import type { TInvoice } from "@/lib/billing/invoices/present-invoice";

export type { Plan };

/** An item of GET /api/payments/invoices. */
export type Invoice = Jsonify<TInvoice>;

export type UserStats = { products: number; active_urls: number };

export type Profile = {
  first_name?: string | null;
  last_name?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  email: string;
};
