// POST /api/webhooks/stripe – Stripe events (raw body, signature verified)
import { handleStripeWebhook } from "@/lib/billing/webhooks/handle-stripe-webhook";
import { withPublic } from "@/lib/http/with-auth";

export const POST = withPublic({}, async ({ req }) => handleStripeWebhook(await req.text(), req.headers.get("stripe-signature")));
