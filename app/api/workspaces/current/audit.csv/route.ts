// GET /api/workspaces/current/audit.csv?dialect= – the whole audit log as CSV (owners)
import { auditCsvStream } from "@/lib/audit/list-audit-events";
import { ZCsvExportQuery } from "@/lib/exports/schemas";
import { CSV_CONTENT_TYPE, fileResponse } from "@/lib/exports/file-response";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ role: "owner", query: ZCsvExportQuery }, async ({ user, query }) =>
  fileResponse(auditCsvStream(user.workspaceId, query.dialect), "journal-d-activite.csv", CSV_CONTENT_TYPE),
);
