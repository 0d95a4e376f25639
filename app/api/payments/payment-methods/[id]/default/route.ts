// POST /api/payments/payment-methods/{id}/default – charge future invoices to this card
import { setDefaultPaymentMethod } from "@/lib/billing/set-default-payment-method";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({}, async ({ user, params }) => setDefaultPaymentMethod(user.id, params.id ?? ""));
