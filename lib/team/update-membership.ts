import { and, count, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbTx } from "@/db";
import { apiTokens, users, workspaceMembers, workspaces } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import type { TAuthUser } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";
import type { TWorkspaceRole } from "@/lib/workspaces";

/**
 * Locks the workspace row, then reads the member's role: concurrent demotions and departures are serialised,
 * so the check that another owner remains cannot be raced.
 */
async function lockMember(tx: DbTx, workspaceId: string, userId: string) {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("no key update");
  const [member] = await tx
    .select({ role: workspaceMembers.role, email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!member) throw new AppError("member_not_found");
  return member;
}

/** An owner who stops being one must leave another owner behind. */
async function assertAnotherOwner(tx: DbTx, workspaceId: string) {
  const [owners] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
  if ((owners?.n ?? 0) <= 1) throw new AppError("last_owner");
}

/** An owner changes a member's role (their own too, unless they are the last owner). */
export async function changeMemberRole(owner: TAuthUser, userId: string, role: TWorkspaceRole) {
  if (owner.role !== "owner") throw new AppError("forbidden_role");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, owner.workspaceId, userId);
    if (member.role === role) return;
    if (member.role === "owner") await assertAnotherOwner(tx, owner.workspaceId);
    await tx
      .update(workspaceMembers)
      .set({ role })
      .where(and(eq(workspaceMembers.workspaceId, owner.workspaceId), eq(workspaceMembers.userId, userId)));
    await recordAudit(
      tx,
      owner.workspaceId,
      "member.role",
      { type: "member", id: userId },
      { email: member.email, from: member.role, to: role },
    );
  });
  return { ok: true };
}

/**
 * An owner removes a member, or a member leaves. Access ends at once: every request checks the membership
 * (lib/auth/resolve-user.ts); the member's tokens for this workspace are revoked too, so a later invitation
 * does not bring them back.
 */
export async function removeMember(actor: TAuthUser, userId: string) {
  if (actor.id !== userId && actor.role !== "owner") throw new AppError("forbidden_role");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, actor.workspaceId, userId);
    if (member.role === "owner") await assertAnotherOwner(tx, actor.workspaceId);
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, actor.workspaceId), eq(workspaceMembers.userId, userId)));
    await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(eq(apiTokens.workspaceId, actor.workspaceId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)),
      );
    const action = actor.id === userId ? "member.leave" : "member.remove";
    await recordAudit(
      tx,
      actor.workspaceId,
      action,
      { type: "member", id: userId },
      {
        email: member.email,
        role: member.role,
      },
    );
  });
  return { ok: true };
}
