import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "@/db";
import { invoices, users } from "@/db/schema";

/** Records (or refreshes) a Stripe invoice for the user owning its customer; idempotent. Null when no user owns it. */
export async function upsertStripeInvoice(invoice: Stripe.Invoice, knownUserId?: string) {
  const db = await getDb();
  let userId = knownUserId;
  if (!userId) {
    const customerId = typeof invoice.customer === "string" ? invoice.customer : invoice.customer?.id;
    if (!customerId) return null;
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripeCustomerId, customerId))
      .limit(1);
    if (!owner) return null;
    userId = owner.id;
  }
  const planId = Number(invoice.parent?.subscription_details?.metadata?.plan_id);
  const values = {
    number: invoice.number,
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    total: invoice.total,
    currency: invoice.currency,
    status: invoice.status ?? "draft",
    invoicePdf: invoice.invoice_pdf ?? null,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
  };
  const [row] = await db
    .insert(invoices)
    .values({
      userId,
      provider: "stripe",
      stripeInvoiceId: invoice.id,
      planId: Number.isInteger(planId) ? planId : null,
      createdAt: new Date(invoice.created * 1000),
      ...values,
    })
    .onConflictDoUpdate({ target: invoices.stripeInvoiceId, set: values, where: sql`${invoices.userId} = ${userId}` })
    .returning();
  return row ?? null;
}
