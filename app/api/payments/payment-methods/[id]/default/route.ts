// POST /api/payments/payment-methods/{id}/default – charge future invoices to this card
import { setDefaultPaymentMethod } from "@/lib/billing/payment-methods/set-default-payment-method";
import { withAuth } from "@/lib/http/with-auth";
import { ZBillingIdParams } from "@/lib/http/path-params";

export const POST = withAuth({ role: "owner", params: ZBillingIdParams }, async ({ user, params }) =>
  setDefaultPaymentMethod(user.workspaceId, params.id ?? ""),
);
