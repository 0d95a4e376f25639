// POST /api/payments/subscriptions/{id}/cancel – cancel at the end of the paid period
import { setCancelAtPeriodEnd } from "@/lib/billing/subscriptions/set-cancel-at-period-end";
import { withAuth } from "@/lib/http/with-auth";
import { ZBillingIdParams } from "@/lib/http/path-params";

export const POST = withAuth({ role: "owner", params: ZBillingIdParams }, async ({ user, params }) =>
  setCancelAtPeriodEnd(user.workspaceId, params.id ?? "", true),
);
