// POST /api/payments/create-checkout-session – hosted checkout (Stripe, or the demo checkout) for a paid plan
import { createCheckoutSession } from "@/lib/billing/stripe/create-checkout-session";
import { ZCreateCheckoutSession } from "@/lib/billing/schemas";
import { rateLimit } from "@/lib/core/rate-limit";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ role: "owner", body: ZCreateCheckoutSession }, async ({ user, body }) => {
  await rateLimit(`checkout:${user.id}`, 20, 60_000);
  return createCheckoutSession(user, body);
});
