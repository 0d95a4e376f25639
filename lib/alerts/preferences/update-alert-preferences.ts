import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { workspaceMembers } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { getAlertPreferences } from "./get-alert-preferences";
import type { TAlertPreferences } from "@/lib/alerts/schemas";

/** The member's own mode in the current workspace; alerts already waiting for a digest still go out in it. */
export async function updateAlertPreferences(user: Pick<TAuthUser, "id" | "workspaceId">, input: TAlertPreferences) {
  const db = await getDb();
  await db
    .update(workspaceMembers)
    .set({ alertMode: input.alert_mode })
    .where(and(eq(workspaceMembers.workspaceId, user.workspaceId), eq(workspaceMembers.userId, user.id)));
  return { ...(await getAlertPreferences(user)), message: "Préférences d'alerte enregistrées" };
}
