// GET /api/payments/payment-methods – the caller's saved cards
// POST /api/payments/payment-methods – attach a card created in the browser
import { addPaymentMethod } from "@/lib/billing/payment-methods/add-payment-method";
import { listPaymentMethods } from "@/lib/billing/payment-methods/list-payment-methods";
import { ZAddPaymentMethod } from "@/lib/billing/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ role: "owner" }, async ({ user }) => listPaymentMethods(user.workspaceId));

export const POST = withAuth({ role: "owner", body: ZAddPaymentMethod }, async ({ user, body }) =>
  json(await addPaymentMethod(user, body), 201),
);
