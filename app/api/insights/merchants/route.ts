// GET /api/insights/merchants – per merchant domain: how often the cheapest, average gap to 'mon prix', out of stock
import { getMerchants } from "@/lib/insights/get-merchants";
import { ZMerchantsQuery } from "@/lib/insights/schemas";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ query: ZMerchantsQuery }, async ({ user, query }) =>
  getMerchants(user.workspaceId, query),
);
