// GET /api/payments/subscriptions/{id} – one of the caller's subscriptions (our id or the Stripe id)
import { getSubscription } from "@/lib/billing/get-subscription";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user, params }) => getSubscription(user.id, params.id ?? ""));
