import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { workspaceMembers } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { getWorkspacePlan } from "@/lib/billing";

/** { frequency, can_subscribe } of the member in the current workspace ('off' until chosen). */
export async function getReportPreferences({ id: userId, workspaceId }: Pick<TAuthUser, "id" | "workspaceId">) {
  const db = await getDb();
  const [row] = await db
    .select({ frequency: workspaceMembers.reportFrequency })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  const plan = await getWorkspacePlan(workspaceId, db);
  return { frequency: row?.frequency ?? "off", can_subscribe: plan.hasEmailAlerts };
}
