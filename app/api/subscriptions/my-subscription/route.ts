// GET /api/subscriptions/my-subscription – the signed-in user's subscription, or null
import { getMySubscription } from "@/lib/billing/get-my-subscription";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => json(await getMySubscription(user.id)));
