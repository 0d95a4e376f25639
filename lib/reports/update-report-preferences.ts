import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { reportPreferences } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing/plans/get-workspace-plan";
import { AppError } from "@/lib/errors/app-error";
import { REPORT_MSG, type TReportPreferences } from "./schemas";

/** Chooses the report frequency; turning it off is allowed on any plan, anything else needs alerts (403). */
export async function updateReportPreferences(workspaceId: string, input: TReportPreferences) {
  const db = await getDb();
  const plan = await getWorkspacePlan(workspaceId, db);
  if (input.frequency !== "off" && !plan.hasEmailAlerts) throw new AppError("plan_no_email_reports");
  await db
    .insert(reportPreferences)
    .values({ workspaceId, frequency: input.frequency })
    .onConflictDoUpdate({
      target: reportPreferences.workspaceId,
      set: { frequency: input.frequency, updatedAt: sql`now()` },
    });
  return { frequency: input.frequency, can_subscribe: plan.hasEmailAlerts, message: REPORT_MSG.saved };
}
