// GET /api/products/{id}/comparison – current price per merchant, min / average / max, gaps
import { getProductComparison } from "@/lib/history/get-product-comparison";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZProductParams }, async ({ user, params }) =>
  getProductComparison(user.workspaceId, params.id!),
);
