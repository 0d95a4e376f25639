// POST /api/webhooks/stripe – Stripe events (raw body, at most 1 MB, signature verified)
import { handleStripeWebhook } from "@/lib/billing/webhooks/handle-stripe-webhook";
import { MAX_JSON_BYTES, readLimitedBody } from "@/lib/core/read-limited-body";
import { withPublic } from "@/lib/http/with-auth";

export const POST = withPublic({}, async ({ req }) =>
  handleStripeWebhook(
    new TextDecoder().decode(await readLimitedBody(req, MAX_JSON_BYTES)),
    req.headers.get("stripe-signature"),
  ),
);
