import { env } from "@/lib/env";
import { getBillingMode } from "./get-billing-mode";
import { PAYMENTS_UNAVAILABLE } from "./schemas";

/** What the browser needs to pay: the mode, and the publishable key for Stripe Elements (never the secret). */
export function getBillingConfig() {
  const mode = getBillingMode();
  return {
    mode,
    publishable_key: mode === "stripe" ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    unavailable_message: mode === "unavailable" ? PAYMENTS_UNAVAILABLE : null,
  };
}

export type TBillingConfig = ReturnType<typeof getBillingConfig>;
