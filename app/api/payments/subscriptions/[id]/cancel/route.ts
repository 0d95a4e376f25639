// POST /api/payments/subscriptions/{id}/cancel – cancel at the end of the paid period
import { setCancelAtPeriodEnd } from "@/lib/billing/set-cancel-at-period-end";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({}, async ({ user, params }) => setCancelAtPeriodEnd(user.id, params.id ?? "", true));
