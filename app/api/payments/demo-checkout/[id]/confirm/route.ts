// POST /api/payments/demo-checkout/{id}/confirm – complete a demo checkout (no Stripe keys, never in production)
import { activateDemoPlan } from "@/lib/billing/demo/activate-demo-plan";
import { withAuth } from "@/lib/http/with-auth";
import { ZBillingIdParams } from "@/lib/http/path-params";

export const POST = withAuth({ role: "owner", params: ZBillingIdParams }, async ({ user, params }) =>
  activateDemoPlan(user.workspaceId, params.id ?? ""),
);
