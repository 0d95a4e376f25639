// Shapes of the API answers the dashboard reads (SPEC.md §3).

import type { Plan } from "@/components/billing/types";
import type { Jsonify } from "@/client/jsonify";
import type { getUserStats } from "@/lib/auth/get-user-stats";
import type { presentProfile } from "@/lib/auth/present-user";
import type { TInvoice } from "@/lib/billing/invoices/present-invoice";

export type { Plan };

/** An item of GET /api/payments/invoices. */
export type Invoice = Jsonify<TInvoice>;

/** GET /api/users/me/stats. */
export type UserStats = Jsonify<Awaited<ReturnType<typeof getUserStats>>>;

/** GET /api/users/me. */
export type Profile = Jsonify<ReturnType<typeof presentProfile>>;
