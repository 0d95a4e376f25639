// GET /api/insights/flags – promotion checks: suspect promotions and prices below the minimum advertised price
import { listPriceFlags } from "@/lib/flags/list-price-flags";
import { ZFlagsQuery } from "@/lib/flags/schemas";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ query: ZFlagsQuery }, async ({ user, query }) => listPriceFlags(user.workspaceId, query));
