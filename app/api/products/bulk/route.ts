// POST /api/products/bulk – tag, pause, resume, change the frequency of or delete a selection of products (≤ 1,000)
import { bulkUpdateProducts } from "@/lib/products/bulk/bulk-update-products";
import { ZBulkProducts } from "@/lib/products/bulk/bulk-schema";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ body: ZBulkProducts, role: "editor" }, async ({ user, body }) =>
  bulkUpdateProducts(user.workspaceId, body),
);
