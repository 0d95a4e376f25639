import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { workspaceMembers, workspaces } from "@/db/schema";

/** The workspaces `userId` belongs to, with their role in each, oldest membership first. */
export async function listWorkspaces(userId: string) {
  const db = await getDb();
  return db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaces.name));
}

export type TWorkspaceItem = Awaited<ReturnType<typeof listWorkspaces>>[number];
