import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { invoices, workspaces } from "@/db/schema";
import { presentInvoice } from "./present-invoice";
import { getStripe } from "@/lib/billing/stripe/stripe-client";
import { upsertStripeInvoice } from "./upsert-stripe-invoice";

/** The caller's invoices, newest first; with Stripe, refreshed from Stripe first (a failure there serves what we hold). */
export async function listInvoices(workspaceId: string) {
  const db = await getDb();
  const stripe = getStripe();
  if (stripe) {
    const [user] = await db
      .select({ customer: workspaces.stripeCustomerId })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .limit(1);
    if (user?.customer) {
      try {
        const page = await stripe.invoices.list({ customer: user.customer, limit: 24 });
        for (const invoice of page.data) await upsertStripeInvoice(invoice, workspaceId);
      } catch (error) {
        console.error("[billing] factures Stripe indisponibles", error instanceof Error ? error.message : error);
      }
    }
  }
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.workspaceId, workspaceId))
    .orderBy(desc(invoices.createdAt))
    .limit(100);
  return rows.map(presentInvoice);
}
