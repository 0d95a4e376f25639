// GET /api/insights/overview – my position against the market per product with 'mon prix', and the price index
import { getOverview } from "@/lib/insights/get-overview";
import { ZOverviewQuery } from "@/lib/insights/schemas";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ query: ZOverviewQuery }, async ({ user, query }) => getOverview(user.workspaceId, query));
