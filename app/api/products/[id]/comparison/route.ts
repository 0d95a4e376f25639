// GET /api/products/{id}/comparison – current price per merchant, min / average / max, gaps
import { getProductComparison } from "@/lib/history/get-product-comparison";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user, params }) => getProductComparison(user.id, params.id!));
