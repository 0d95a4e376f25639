// DELETE /api/payments/payment-methods/{id} – detach one of the caller's cards
import { deletePaymentMethod } from "@/lib/billing/payment-methods/delete-payment-method";
import { withAuth } from "@/lib/http/with-auth";
import { ZBillingIdParams } from "@/lib/http/path-params";

export const DELETE = withAuth({ role: "owner", params: ZBillingIdParams }, async ({ user, params }) =>
  deletePaymentMethod(user.workspaceId, params.id ?? ""),
);
