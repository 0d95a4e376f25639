// GET /api/insights/overview.xlsx – the overview table as an Excel file (same filters and sort)
import { exportOverview } from "@/lib/insights/export-overview";
import { ZOverviewFileQuery } from "@/lib/insights/schemas";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ query: ZOverviewFileQuery }, async ({ user, query }) =>
  exportOverview(user.workspaceId, query, { type: "xlsx" }),
);
