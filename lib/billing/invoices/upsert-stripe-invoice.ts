import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "@/db";
import { invoices, workspaces } from "@/db/schema";

/** Records (or refreshes) a Stripe invoice for the workspace owning its customer; idempotent. Null when none owns it. */
export async function upsertStripeInvoice(invoice: Stripe.Invoice, knownWorkspaceId?: string) {
  const db = await getDb();
  let workspaceId = knownWorkspaceId;
  if (!workspaceId) {
    const customerId = typeof invoice.customer === "string" ? invoice.customer : invoice.customer?.id;
    if (!customerId) return null;
    const [owner] = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.stripeCustomerId, customerId))
      .limit(1);
    if (!owner) return null;
    workspaceId = owner.id;
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
      workspaceId,
      provider: "stripe",
      stripeInvoiceId: invoice.id,
      planId: Number.isInteger(planId) ? planId : null,
      createdAt: new Date(invoice.created * 1000),
      ...values,
    })
    .onConflictDoUpdate({
      target: invoices.stripeInvoiceId,
      set: values,
      where: sql`${invoices.workspaceId} = ${workspaceId}`,
    })
    .returning();
  return row ?? null;
}
