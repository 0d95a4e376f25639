import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "@/db";
import { workspaces } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { requireStripe } from "@/lib/billing/stripe/stripe-client";
import { withStripeErrors } from "@/lib/billing/stripe/with-stripe-errors";

/** A card attached to the caller's Stripe customer, with that customer id; another customer's card is a 404. */
export async function getOwnPaymentMethod(
  workspaceId: string,
  paymentMethodId: string,
): Promise<{ pm: Stripe.PaymentMethod; customer: string }> {
  if (!/^pm_[A-Za-z0-9_]+$/.test(paymentMethodId)) throw new AppError("payment_method_not_found");
  const stripe = requireStripe();
  const db = await getDb();
  const [user] = await db
    .select({ customer: workspaces.stripeCustomerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!user?.customer) throw new AppError("payment_method_not_found");
  const customer = user.customer;
  const pm = await withStripeErrors(() => stripe.paymentMethods.retrieve(paymentMethodId));
  const owner = typeof pm.customer === "string" ? pm.customer : (pm.customer?.id ?? null);
  if (owner !== customer) throw new AppError("payment_method_not_found");
  return { pm, customer };
}
