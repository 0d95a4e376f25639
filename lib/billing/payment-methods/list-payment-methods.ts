import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { workspaces } from "@/db/schema";
import { presentPaymentMethod } from "./present-payment-method";
import { getStripe } from "@/lib/billing/stripe/stripe-client";
import { withStripeErrors } from "@/lib/billing/stripe/with-stripe-errors";

/** The caller's saved cards (empty without Stripe or before any payment). */
export async function listPaymentMethods(workspaceId: string) {
  const stripe = getStripe();
  if (!stripe) return [];
  const db = await getDb();
  const [user] = await db
    .select({ customer: workspaces.stripeCustomerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!user?.customer) return [];
  const customerId = user.customer;
  const [customer, methods] = await withStripeErrors(() =>
    Promise.all([
      stripe.customers.retrieve(customerId),
      stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 20 }),
    ]),
  );
  const def = "deleted" in customer && customer.deleted ? null : customer.invoice_settings?.default_payment_method;
  const defaultId = typeof def === "string" ? def : (def?.id ?? null);
  return methods.data.map((pm) => presentPaymentMethod(pm, defaultId));
}
