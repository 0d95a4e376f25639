// GET /api/exports/products.csv – all products at once (?type=latest|history, ?dialect=excel|standard)
import { ZAllProductsCsvQuery } from "@/lib/exports/schemas";
import { exportProductCsv } from "@/lib/exports/export-product-csv";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ query: ZAllProductsCsvQuery }, async ({ user, query }) =>
  exportProductCsv(user.workspaceId, null, query.type, query.dialect),
);
