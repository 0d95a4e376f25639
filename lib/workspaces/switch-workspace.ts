import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { sessions, users, workspaceMembers } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/core/is-uuid";
import { WORKSPACE_MSG } from "./schemas";

/**
 * Opens another of the user's workspaces in this browser session (and as the default of their next ones);
 * a workspace they are not a member of is a 404, whether it exists or not.
 */
export async function switchWorkspace(user: TAuthUser, workspaceId: string) {
  if (!isUuid(workspaceId)) throw new AppError("workspace_not_found");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, user.id)))
      .for("key share");
    if (!member) throw new AppError("workspace_not_found");
    if (user.sessionId) {
      await tx.update(sessions).set({ workspaceId }).where(eq(sessions.id, user.sessionId));
    }
    await tx.update(users).set({ lastWorkspaceId: workspaceId, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    return { id: workspaceId, role: member.role, message: WORKSPACE_MSG.switched };
  });
}
