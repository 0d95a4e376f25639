// POST /api/subscriptions/subscribe – Freemium at once; a paid plan answers the checkout to use
import { ZSubscribe } from "@/lib/billing/schemas";
import { subscribeToPlan } from "@/lib/billing/subscriptions/subscribe-to-plan";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ role: "owner", body: ZSubscribe }, async ({ user, body }) =>
  subscribeToPlan(user, body),
);
