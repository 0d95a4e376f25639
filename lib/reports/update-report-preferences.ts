import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { reportPreferences } from "@/db/schema";
import { getUserPlan } from "@/lib/billing/plans/get-user-plan";
import { AppError } from "@/lib/errors/app-error";
import { REPORT_MSG, type TReportPreferences } from "./schemas";

/** Chooses the report frequency; turning it off is allowed on any plan, anything else needs alerts (403). */
export async function updateReportPreferences(userId: string, input: TReportPreferences) {
  const db = await getDb();
  const plan = await getUserPlan(userId, db);
  if (input.frequency !== "off" && !plan.hasEmailAlerts) throw new AppError("plan_no_email_reports");
  await db
    .insert(reportPreferences)
    .values({ userId, frequency: input.frequency })
    .onConflictDoUpdate({
      target: reportPreferences.userId,
      set: { frequency: input.frequency, updatedAt: sql`now()` },
    });
  return { frequency: input.frequency, can_subscribe: plan.hasEmailAlerts, message: REPORT_MSG.saved };
}
