// GET /api/subscriptions/my-subscription – the signed-in user's subscription, or null
import { getCurrentSubscription } from "@/lib/billing/subscriptions/get-current-subscription";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => json(await getCurrentSubscription(user.workspaceId)));
