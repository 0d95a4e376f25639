import { and, asc, desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { getWorkspacePlan } from "@/lib/billing";
import { isPending } from "./invite-member";

/**
 * The current workspace's team: its members (every member sees them) and, for an owner, the pending
 * invitations and the seats of the plan.
 */
export async function listTeam(user: TAuthUser) {
  const db = await getDb();
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, user.workspaceId));
  const members = await db
    .select({
      user_id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      role: workspaceMembers.role,
      since: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, user.workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(users.email));
  const owner = user.role === "owner";
  const invitations = owner
    ? await db
        .select({
          id: workspaceInvitations.id,
          email: workspaceInvitations.email,
          role: workspaceInvitations.role,
          created_at: workspaceInvitations.createdAt,
          expires_at: workspaceInvitations.expiresAt,
        })
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.workspaceId, user.workspaceId), isPending()))
        .orderBy(desc(workspaceInvitations.createdAt))
    : [];
  const plan = await getWorkspacePlan(user.workspaceId);
  return {
    workspace: { id: user.workspaceId, name: workspace?.name ?? "", role: user.role },
    me: user.id,
    members,
    invitations,
    seats: { used: members.length + invitations.length, max: plan.maxMembers },
  };
}
