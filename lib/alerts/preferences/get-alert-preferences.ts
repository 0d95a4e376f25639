import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { getUserPlan } from "@/lib/billing/plans/get-user-plan";
import { AppError } from "@/lib/errors/app-error";

/** { alert_mode, has_email_alerts } of the user. */
export async function getAlertPreferences(userId: string) {
  const db = await getDb();
  const [row] = await db.select({ alertMode: users.alertMode }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("alert_preferences_not_found");
  const plan = await getUserPlan(userId, db);
  return { alert_mode: row.alertMode, has_email_alerts: plan.hasEmailAlerts };
}
