// POST /api/payments/create-payment-intent – a card payment intent for the caller
import { createPaymentIntent } from "@/lib/billing/stripe/create-payment-intent";
import { ZCreatePaymentIntent } from "@/lib/billing/schemas";
import { rateLimit } from "@/lib/core/rate-limit";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ role: "owner", body: ZCreatePaymentIntent }, async ({ user, body }) => {
  await rateLimit(`payment-intent:${user.id}`, 10, 60_000);
  return createPaymentIntent(user, body);
});
