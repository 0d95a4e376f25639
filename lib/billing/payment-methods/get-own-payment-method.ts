import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "@/db";
import { workspaces } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { requireStripe } from "@/lib/billing/stripe/stripe-client";
import { withStripeErrors } from "@/lib/billing/stripe/with-stripe-errors";

const NOT_FOUND = "Moyen de paiement introuvable";

/** A card attached to the caller's Stripe customer, with that customer id; another customer's card is a 404. */
export async function getOwnPaymentMethod(
  workspaceId: string,
  paymentMethodId: string,
): Promise<{ pm: Stripe.PaymentMethod; customer: string }> {
  if (!/^pm_[A-Za-z0-9_]+$/.test(paymentMethodId)) throw notFound(NOT_FOUND);
  const stripe = requireStripe();
  const db = await getDb();
  const [user] = await db
    .select({ customer: workspaces.stripeCustomerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!user?.customer) throw notFound(NOT_FOUND);
  const customer = user.customer;
  const pm = await withStripeErrors(() => stripe.paymentMethods.retrieve(paymentMethodId));
  const owner = typeof pm.customer === "string" ? pm.customer : (pm.customer?.id ?? null);
  if (owner !== customer) throw notFound(NOT_FOUND);
  return { pm, customer };
}
