// GET /api/payments/config – payment mode and Stripe publishable key for the browser
import { getBillingConfig } from "@/lib/billing/get-billing-config";
import { withPublic } from "@/lib/http/with-auth";

export const GET = withPublic({}, async () => getBillingConfig());
