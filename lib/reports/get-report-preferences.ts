import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { reportPreferences } from "@/db/schema";
import { getUserPlan } from "@/lib/billing/plans/get-user-plan";

/** { frequency, can_subscribe } of the user ('off' until chosen). */
export async function getReportPreferences(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ frequency: reportPreferences.frequency })
    .from(reportPreferences)
    .where(eq(reportPreferences.userId, userId))
    .limit(1);
  const plan = await getUserPlan(userId, db);
  return { frequency: row?.frequency ?? "off", can_subscribe: plan.hasEmailAlerts };
}
