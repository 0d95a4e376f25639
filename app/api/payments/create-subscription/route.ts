// POST /api/payments/create-subscription – subscribe with a card from the embedded form
import { createCardSubscription } from "@/lib/billing/stripe/create-card-subscription";
import { ZCreateSubscription } from "@/lib/billing/schemas";
import { rateLimit } from "@/lib/core/rate-limit";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ role: "owner", body: ZCreateSubscription }, async ({ user, body }) => {
  await rateLimit(`card-subscription:${user.id}`, 10, 60_000);
  return createCardSubscription(user, body);
});
