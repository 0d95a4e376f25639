// POST /api/payments/customer-portal – a link to Stripe's customer portal
import { createPortalSession } from "@/lib/billing/stripe/create-portal-session";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ role: "owner" }, async ({ user }) => createPortalSession(user.workspaceId, user.id));
