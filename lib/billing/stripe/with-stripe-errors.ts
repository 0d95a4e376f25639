import Stripe from "stripe";
import { ApiError, notFound } from "@/lib/http/api-error";

/** Runs a Stripe call; a declined card becomes a 422 with Stripe's message, an outage a 502, never a stack. */
export async function withStripeErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new ApiError(422, "card_error", error.message || "Une erreur est survenue lors du paiement");
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") {
      throw notFound();
    }
    console.error("[billing] erreur Stripe", error instanceof Error ? error.message : error);
    throw new ApiError(502, "payment_provider_error", "Le service de paiement ne répond pas. Veuillez réessayer.");
  }
}
