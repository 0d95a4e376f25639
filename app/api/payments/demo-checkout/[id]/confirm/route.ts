// POST /api/payments/demo-checkout/{id}/confirm – complete a demo checkout (no Stripe keys, never in production)
import { activateDemoPlan } from "@/lib/billing/activate-demo-plan";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({}, async ({ user, params }) => activateDemoPlan(user.id, params.id ?? ""));
