import { env } from "@/lib/env";

/**
 * How payments work here, decided once (DESIGN.md §3): real Stripe with a secret key; without one, the
 * clearly labelled demo checkout only when the operator turned it on (`BILLING_DEMO=1`, never in
 * production), and otherwise no online payment at all.
 */
export type TBillingMode = "stripe" | "demo" | "unavailable";

export function getBillingMode(): TBillingMode {
  if (env.stripeEnabled) return "stripe";
  return env.BILLING_DEMO && !env.isProduction ? "demo" : "unavailable";
}
