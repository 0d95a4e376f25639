// GET /api/users/me/report-preferences – the scheduled report's frequency; PUT – change it (off, weekly, daily)
import { withAuth } from "@/lib/http/with-auth";
import { getReportPreferences } from "@/lib/reports/get-report-preferences";
import { ZReportPreferences } from "@/lib/reports/schemas";
import { updateReportPreferences } from "@/lib/reports/update-report-preferences";

export const GET = withAuth({}, async ({ user }) => getReportPreferences(user.workspaceId));

export const PUT = withAuth({ body: ZReportPreferences }, async ({ user, body }) =>
  updateReportPreferences(user.workspaceId, body),
);
