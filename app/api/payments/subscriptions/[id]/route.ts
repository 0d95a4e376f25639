// GET /api/payments/subscriptions/{id} – one of the caller's subscriptions (our id or the Stripe id)
import { refreshOwnSubscription } from "@/lib/billing/subscriptions/refresh-own-subscription";
import { withAuth } from "@/lib/http/with-auth";
import { ZBillingIdParams } from "@/lib/http/path-params";

export const GET = withAuth({ role: "owner", params: ZBillingIdParams }, async ({ user, params }) =>
  refreshOwnSubscription(user.workspaceId, params.id ?? ""),
);
