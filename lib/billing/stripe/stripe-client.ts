import Stripe from "stripe";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

let cached: Stripe | null = null;

function stripeConfig(): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, appInfo: { name: "VeillePrix" } };
  if (!env.STRIPE_API_BASE) return config;
  // tests point the real client at a local fake API (tests/helpers/fake-stripe.ts)
  const base = new URL(env.STRIPE_API_BASE);
  return {
    ...config,
    host: base.hostname,
    port: base.port || (base.protocol === "http:" ? 80 : 443),
    protocol: base.protocol === "http:" ? "http" : "https",
  };
}

/** The one Stripe client of the app; null when STRIPE_SECRET_KEY is not configured. */
export function getStripe(): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  cached ??= new Stripe(env.STRIPE_SECRET_KEY, stripeConfig());
  return cached;
}

/** The Stripe client, or a 503 `payments_unavailable` error when payments are not configured. */
export function requireStripe(): Stripe {
  const stripe = getStripe();
  if (!stripe) throw new AppError("payments_unavailable");
  return stripe;
}
