// GET /api/products/{id}/history?range=7d|30d|90d|all – chart series of every merchant of a product
import { getProductHistory } from "@/lib/history/get-product-history";
import { ZProductHistoryQuery } from "@/lib/history/schemas";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZProductParams, query: ZProductHistoryQuery }, async ({ user, query, params }) =>
  getProductHistory(user.workspaceId, params.id!, query.range, query.points),
);
