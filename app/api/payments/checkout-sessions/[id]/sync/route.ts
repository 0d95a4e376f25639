// POST /api/payments/checkout-sessions/{id}/sync – confirm a payment from the success page (before the webhook)
import { syncCheckoutSession } from "@/lib/billing/sync-checkout-session";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({}, async ({ user, params }) => syncCheckoutSession(user.id, params.id ?? ""));
