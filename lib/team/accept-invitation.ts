import { eq, sql } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { sessions, users, workspaceInvitations, workspaceMembers, workspaces } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { hashToken } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";
import { wrongAccount } from "./messages";

type TInvitation = typeof workspaceInvitations.$inferSelect;

/** The invitation a link names, or the French 4xx saying why it cannot be used (unknown, spent, revoked, expired). */
function usable(row: TInvitation | undefined): TInvitation {
  if (!row) throw new AppError("invalid_invitation");
  if (row.acceptedAt) throw new AppError("invitation_used");
  if (row.revokedAt) throw new AppError("invitation_revoked");
  if (row.expiresAt <= new Date()) throw new AppError("invitation_expired");
  return row;
}

/** What the invitation page shows before accepting: who invites, to which workspace, which address and role. */
export async function previewInvitation(token: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      invitation: workspaceInvitations,
      workspace_name: workspaces.name,
      inviter_first: users.firstName,
      inviter_last: users.lastName,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.tokenHash, hashToken(token)))
    .limit(1);
  const invitation = usable(row?.invitation);
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, invitation.email))
    .limit(1);
  return {
    email: invitation.email,
    role: invitation.role,
    workspace_name: row!.workspace_name,
    inviter_name: `${row!.inviter_first ?? ""} ${row!.inviter_last ?? ""}`.trim(),
    has_account: !!account,
    expires_at: invitation.expiresAt,
  };
}

/**
 * Accepts an invitation for the signed-in `user`, whose address must be the invited one: the membership is
 * added, the link is spent (the row is locked: two acceptances cannot both pass) and the user's session and
 * next sign-ins open that workspace. The link reached the address, which counts as verified.
 */
export async function acceptInvitation(
  user: { id: string; email: string; sessionId?: string },
  token: string,
  db?: DbLike,
) {
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.tokenHash, hashToken(token)))
      .for("update");
    const invitation = usable(row);
    if (invitation.email !== user.email.toLowerCase())
      throw new AppError("invitation_other_account", { detail: wrongAccount(invitation.email) });
    const [added] = await tx
      .insert(workspaceMembers)
      .values({ workspaceId: invitation.workspaceId, userId: user.id, role: invitation.role })
      .onConflictDoNothing()
      .returning();
    if (!added) throw new AppError("already_member");
    await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
      .where(eq(workspaceInvitations.id, invitation.id));
    await tx
      .update(users)
      .set({ lastWorkspaceId: invitation.workspaceId, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, user.id));
    if (user.sessionId) {
      await tx.update(sessions).set({ workspaceId: invitation.workspaceId }).where(eq(sessions.id, user.sessionId));
    }
    await recordAudit(
      tx,
      invitation.workspaceId,
      "invitation.accept",
      { type: "member", id: user.id },
      { email: invitation.email, role: invitation.role },
    );
    return { workspace_id: invitation.workspaceId, role: invitation.role };
  });
}
