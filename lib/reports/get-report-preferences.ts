import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { reportPreferences } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing/plans/get-workspace-plan";

/** { frequency, can_subscribe } of the user ('off' until chosen). */
export async function getReportPreferences(workspaceId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ frequency: reportPreferences.frequency })
    .from(reportPreferences)
    .where(eq(reportPreferences.workspaceId, workspaceId))
    .limit(1);
  const plan = await getWorkspacePlan(workspaceId, db);
  return { frequency: row?.frequency ?? "off", can_subscribe: plan.hasEmailAlerts };
}
