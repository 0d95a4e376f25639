import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { workspaceMembers } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { getWorkspacePlan } from "@/lib/billing";
import { AppError } from "@/lib/errors/app-error";

/** { alert_mode, has_email_alerts }: the member's own mode in the current workspace, the workspace's plan. */
export async function getAlertPreferences({ id: userId, workspaceId }: Pick<TAuthUser, "id" | "workspaceId">) {
  const db = await getDb();
  const [row] = await db
    .select({ alertMode: workspaceMembers.alertMode })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("alert_preferences_not_found");
  const plan = await getWorkspacePlan(workspaceId, db);
  return { alert_mode: row.alertMode, has_email_alerts: plan.hasEmailAlerts };
}
