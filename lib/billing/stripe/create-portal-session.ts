import { env } from "@/lib/env";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { requireStripe } from "./stripe-client";
import { withStripeErrors } from "./with-stripe-errors";

/** A link to Stripe's customer portal (cards, invoices, cancellation), returning to the dashboard. */
export async function createPortalSession(workspaceId: string, ownerId: string) {
  const stripe = requireStripe();
  const customer = await ensureStripeCustomer(workspaceId, ownerId);
  const session = await withStripeErrors(() =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${env.appUrl}/dashboard`, locale: "fr" }),
  );
  return { url: session.url };
}
