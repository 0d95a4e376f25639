import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { workspaceMembers } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { getWorkspacePlan } from "@/lib/billing";
import { AppError } from "@/lib/errors/app-error";
import { REPORT_MSG, type TReportPreferences } from "./schemas";

/** The member's own report frequency; turning it off is allowed on any plan, anything else needs alerts (403). */
export async function updateReportPreferences(
  { id: userId, workspaceId }: Pick<TAuthUser, "id" | "workspaceId">,
  input: TReportPreferences,
) {
  const db = await getDb();
  const plan = await getWorkspacePlan(workspaceId, db);
  if (input.frequency !== "off" && !plan.hasEmailAlerts) throw new AppError("plan_no_email_reports");
  await db
    .update(workspaceMembers)
    .set({ reportFrequency: input.frequency })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return { frequency: input.frequency, can_subscribe: plan.hasEmailAlerts, message: REPORT_MSG.saved };
}
