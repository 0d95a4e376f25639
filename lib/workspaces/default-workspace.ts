import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { users, workspaceMembers } from "@/db/schema";
import type { TWorkspaceRole } from "./roles";

/**
 * The workspace a new credential of `userId` opens (a login token): the last one chosen if still a member,
 * else one they own, else any; null when they belong to none.
 */
export async function defaultWorkspace(userId: string): Promise<{ workspaceId: string; role: TWorkspaceRole } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(
      sql`(${workspaceMembers.workspaceId} = ${users.lastWorkspaceId}) is true desc`,
      sql`(${workspaceMembers.role} = 'owner') desc`,
      workspaceMembers.createdAt,
    )
    .limit(1);
  return row ?? null;
}
