import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { invoices, plans, users } from "@/db/schema";
import { env } from "@/lib/env";
import { formatCents, formatDate } from "@/lib/format";
import { AppError } from "@/lib/errors/app-error";
import { renderInvoicePdf } from "./render-invoice-pdf";
import { getStripe } from "@/lib/billing/stripe/stripe-client";
import { withStripeErrors } from "@/lib/billing/stripe/with-stripe-errors";
import { splitVat, VAT_RATE_PERCENT } from "@/lib/billing/vat";
import { isWorkspaceOwner } from "@/lib/workspaces";

const STATUS_LABEL: Record<string, string> = { paid: "Payée", open: "En attente", void: "Annulée", draft: "Brouillon" };

/**
 * The PDF of one of the workspace's invoices, addressed to its owner (another workspace's id is a 404): our own rendering for demo
 * invoices, a redirect to Stripe's PDF for Stripe ones.
 */
export async function getInvoicePdf(
  workspaceId: string,
  invoiceId: string,
): Promise<{ kind: "file"; filename: string; bytes: Uint8Array } | { kind: "redirect"; url: string }> {
  const db = await getDb();
  const [row] = await db
    .select({
      invoice: invoices,
      planName: plans.name,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(invoices)
    .innerJoin(users, isWorkspaceOwner(invoices.workspaceId))
    .leftJoin(plans, eq(plans.id, invoices.planId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("invoice_not_found");
  const inv = row.invoice;

  if (inv.provider === "stripe") {
    let url = inv.invoicePdf;
    const stripe = getStripe();
    const stripeId = inv.stripeInvoiceId;
    if (!url && stripe && stripeId)
      url = (await withStripeErrors(() => stripe.invoices.retrieve(stripeId))).invoice_pdf ?? null;
    if (!url) throw new AppError("invoice_pdf_not_ready");
    return { kind: "redirect", url };
  }

  const number = inv.number ?? inv.id.slice(0, 8).toUpperCase();
  const currency = inv.currency.toUpperCase();
  const amounts = splitVat(inv.total);
  const customer = `${row.firstName} ${row.lastName}`.trim();
  const bytes = renderInvoicePdf({
    title: `Facture ${number}`,
    lines: [
      { text: env.COMPANY_NAME, size: 16, bold: true, gap: 0 },
      { text: env.COMPANY_ADDRESS },
      { text: `SIREN ${env.COMPANY_SIREN} · ${env.COMPANY_EMAIL}` },
      { text: `Facture ${number}`, size: 20, bold: true, gap: 48 },
      { text: `Date : ${formatDate(inv.createdAt)}`, gap: 26 },
      { text: `Statut : ${STATUS_LABEL[inv.status] ?? "Échec"}` },
      { text: "Client", bold: true, gap: 30 },
      { text: customer || row.email },
      { text: row.email },
      { text: "Désignation", bold: true, gap: 30 },
      { text: `Abonnement mensuel VeillePrix – plan ${row.planName ?? "—"}` },
      { text: `Montant HT : ${formatCents(amounts.ht, currency)}`, gap: 26 },
      { text: `TVA (${VAT_RATE_PERCENT} %) : ${formatCents(amounts.vat, currency)}` },
      { text: `Total TTC : ${formatCents(amounts.ttc, currency)}`, bold: true },
      { text: `Total payé : ${formatCents(inv.amountPaid, currency)}` },
      { text: "Mode démonstration : aucun paiement réel n'a été effectué.", size: 9, gap: 40 },
    ],
  });
  return { kind: "file", filename: `facture-${number}.pdf`, bytes };
}
