// POST /api/payments/subscriptions/{id}/resume – take back a cancellation planned for the period end
import { setCancelAtPeriodEnd } from "@/lib/billing/set-cancel-at-period-end";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({}, async ({ user, params }) => setCancelAtPeriodEnd(user.id, params.id ?? "", false));
