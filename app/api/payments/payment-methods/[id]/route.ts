// DELETE /api/payments/payment-methods/{id} – detach one of the caller's cards
import { deletePaymentMethod } from "@/lib/billing/delete-payment-method";
import { withAuth } from "@/lib/http/with-auth";

export const DELETE = withAuth({}, async ({ user, params }) => deletePaymentMethod(user.id, params.id ?? ""));
