// GET /api/subscriptions/plans – the plans on offer (a list)
import { listPlans } from "@/lib/billing/plans/list-plans";
import { withPublic } from "@/lib/http/with-auth";

export const GET = withPublic({}, async () => listPlans());
