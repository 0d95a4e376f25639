// GET /api/insights/overview.csv – the overview table as CSV (same filters and sort, ?dialect=excel|standard)
import { exportOverview } from "@/lib/insights/export-overview";
import { ZOverviewExportQuery } from "@/lib/insights/schemas";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ query: ZOverviewExportQuery }, async ({ user, query }) =>
  exportOverview(user.workspaceId, query, { type: "csv", dialect: query.dialect }),
);
