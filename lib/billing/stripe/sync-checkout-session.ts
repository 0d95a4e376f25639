import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { invoices, subscriptions, workspaces } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { getBillingMode } from "@/lib/billing/get-billing-mode";
import { getCurrentSubscription } from "@/lib/billing/subscriptions/get-current-subscription";
import { requireStripe } from "./stripe-client";
import { syncStripeSubscription } from "./sync-stripe-subscription";
import { verifyDemoSession } from "@/lib/billing/demo/verify-demo-session";
import { withStripeErrors } from "./with-stripe-errors";

/**
 * Confirms a payment from the success page, before (or without) the webhook: re-reads the Checkout
 * session (or the subscription changed in place) from Stripe and converges our subscription. Demo
 * sessions are complete once confirmed. Only the caller's own sessions are found.
 */
export async function syncCheckoutSession(workspaceId: string, sessionId: string) {
  const db = await getDb();
  if (sessionId.startsWith("demo_")) {
    if (getBillingMode() !== "demo") throw new AppError("checkout_session_not_found");
    if (!verifyDemoSession(workspaceId, sessionId)) throw new AppError("checkout_session_not_found");
    const [done] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.stripeInvoiceId, sessionId), eq(invoices.workspaceId, workspaceId)))
      .limit(1);
    if (!done) throw new AppError("checkout_incomplete");
    return { status: "complete", subscription: await getCurrentSubscription(workspaceId) };
  }

  if (!/^(cs|sub)_[A-Za-z0-9_]+$/.test(sessionId)) throw new AppError("checkout_session_not_found");
  const stripe = requireStripe();
  const [user] = await db
    .select({ customer: workspaces.stripeCustomerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  const customerOf = (c: string | { id: string } | null) => (typeof c === "string" ? c : (c?.id ?? null));

  if (sessionId.startsWith("sub_")) {
    const sub = await withStripeErrors(() => stripe.subscriptions.retrieve(sessionId));
    if (!user?.customer || customerOf(sub.customer) !== user.customer) throw new AppError("checkout_session_not_found");
    await syncStripeSubscription(sub.id);
  } else {
    const session = await withStripeErrors(() => stripe.checkout.sessions.retrieve(sessionId));
    const mine =
      session.client_reference_id === workspaceId || (user?.customer && customerOf(session.customer) === user.customer);
    if (!mine) throw new AppError("checkout_session_not_found");
    if (session.status !== "complete") throw new AppError("checkout_incomplete");
    const subId = customerOf(session.subscription);
    if (subId) await syncStripeSubscription(subId);
  }
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .limit(1);
  return {
    status: "complete",
    subscription_status: row?.status ?? null,
    subscription: await getCurrentSubscription(workspaceId),
  };
}
