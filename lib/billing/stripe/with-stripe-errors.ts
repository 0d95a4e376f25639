import Stripe from "stripe";
import { AppError } from "@/lib/errors/app-error";

/** Runs a Stripe call; a declined card becomes a 422 with Stripe's message, an outage a 502, never a stack. */
export async function withStripeErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new AppError("card_error", { detail: error.message || undefined });
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") {
      throw new AppError("not_found");
    }
    console.error("[billing] erreur Stripe", error instanceof Error ? error.message : error);
    throw new AppError("payment_provider_error");
  }
}
