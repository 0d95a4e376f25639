// GET /api/workspaces/current/audit?page= – the workspace's audit log, newest first (owners)
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { withAuth } from "@/lib/http/with-auth";
import { ZAuditQuery } from "@/lib/team/schemas";

export const GET = withAuth({ role: "owner", query: ZAuditQuery }, async ({ user, query }) =>
  listAuditEvents(user.workspaceId, query.page),
);
