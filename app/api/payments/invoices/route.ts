// GET /api/payments/invoices – the caller's invoices, newest first (amounts in cents)
import { listInvoices } from "@/lib/billing/invoices/list-invoices";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ role: "owner" }, async ({ user }) => listInvoices(user.workspaceId));
