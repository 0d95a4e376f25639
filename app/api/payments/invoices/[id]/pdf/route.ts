// GET /api/payments/invoices/{id}/pdf – the PDF of one of the caller's invoices
import { NextResponse } from "next/server";
import { getInvoicePdf } from "@/lib/billing/invoices/get-invoice-pdf";
import { withAuth } from "@/lib/http/with-auth";
import { ZInvoiceParams } from "@/lib/http/path-params";

export const GET = withAuth({ role: "owner", params: ZInvoiceParams }, async ({ user, params }) => {
  const pdf = await getInvoicePdf(user.workspaceId, params.id ?? "");
  if (pdf.kind === "redirect") return NextResponse.redirect(pdf.url, 302);
  return new Response(Buffer.from(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
