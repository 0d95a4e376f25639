// GET /api/data-health/alert – the workspace's built-in 'Surveillance interrompue' alert
// PUT /api/data-health/alert – turn it on or off, or change how many failures in a row fire it
import { getDb } from "@/db";
import { getMonitoringRule, updateMonitoringRule } from "@/lib/alerts";
import { ZMonitoringAlert } from "@/lib/health/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => json(await getMonitoringRule(await getDb(), user.workspaceId)));

export const PUT = withAuth({ body: ZMonitoringAlert, role: "editor" }, async ({ user, body }) =>
  json(await updateMonitoringRule(await getDb(), user.workspaceId, body)),
);
