import { env } from "@/lib/env";

/**
 * How payments work here, decided once (DESIGN.md §3): real Stripe with a secret key; without one, a
 * clearly labelled demo checkout outside production, and no online payment at all in production.
 */
export type TBillingMode = "stripe" | "demo" | "unavailable";

export function getBillingMode(): TBillingMode {
  if (env.stripeEnabled) return "stripe";
  return env.isProduction ? "unavailable" : "demo";
}
