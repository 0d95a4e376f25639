// POST /api/payments/checkout-sessions/{id}/sync – confirm a payment from the success page (before the webhook)
import { syncCheckoutSession } from "@/lib/billing/stripe/sync-checkout-session";
import { withAuth } from "@/lib/http/with-auth";
import { ZBillingIdParams } from "@/lib/http/path-params";

export const POST = withAuth({ role: "owner", params: ZBillingIdParams }, async ({ user, params }) =>
  syncCheckoutSession(user.workspaceId, params.id ?? ""),
);
