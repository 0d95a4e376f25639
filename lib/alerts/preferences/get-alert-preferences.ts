import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth/resolve-user";
import { getWorkspacePlan } from "@/lib/billing/plans/get-workspace-plan";
import { AppError } from "@/lib/errors/app-error";

/** { alert_mode, has_email_alerts }: the user's own mode, the current workspace's plan. */
export async function getAlertPreferences({ id: userId, workspaceId }: Pick<TAuthUser, "id" | "workspaceId">) {
  const db = await getDb();
  const [row] = await db.select({ alertMode: users.alertMode }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("alert_preferences_not_found");
  const plan = await getWorkspacePlan(workspaceId, db);
  return { alert_mode: row.alertMode, has_email_alerts: plan.hasEmailAlerts };
}
