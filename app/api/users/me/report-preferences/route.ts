// GET /api/users/me/report-preferences – the scheduled report's frequency; PUT – change it (off, weekly, daily)
import { withAuth } from "@/lib/http/with-auth";
import { getReportPreferences } from "@/lib/reports/get-report-preferences";
import { ZReportPreferences } from "@/lib/reports/schemas";
import { updateReportPreferences } from "@/lib/reports/update-report-preferences";

export const GET = withAuth({}, async ({ user }) => getReportPreferences(user));

// the member's own choice, which changes nothing of the workspace: a reader may make it
export const PUT = withAuth({ body: ZReportPreferences, role: "reader" }, async ({ user, body }) =>
  updateReportPreferences(user, body),
);
