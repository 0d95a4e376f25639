import type { invoices } from "@/db/schema";

type InvoiceRow = typeof invoices.$inferSelect;

/** The Invoice of SPEC.md §3: unix seconds, amounts in integer cents; the PDF is always served by our API. */
export function presentInvoice(row: InvoiceRow) {
  return {
    id: row.id,
    number: row.number,
    created: Math.floor(row.createdAt.getTime() / 1000),
    amount_paid: row.amountPaid,
    amount_due: row.amountDue,
    total: row.total,
    currency: row.currency,
    status: row.status,
    invoice_pdf: `/api/payments/invoices/${row.id}/pdf`,
    hosted_invoice_url: row.hostedInvoiceUrl,
    provider: row.provider,
  };
}

export type TInvoice = ReturnType<typeof presentInvoice>;
