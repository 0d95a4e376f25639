import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb, type DbTx } from "@/db";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import type { TAuthUser } from "@/lib/auth";
import { lockOwnerPlan } from "@/lib/billing";
import { AppError } from "@/lib/errors/app-error";
import { newInvitationSecret, sendInvitation } from "./send-invitation";
import { ZInvite, type TInvite } from "./schemas";

/** Pending invitations: neither accepted, revoked nor expired (they hold a seat). */
export const isPending = () =>
  and(
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
    gt(workspaceInvitations.expiresAt, sql`now()`),
  );

/**
 * Refuses a new seat beyond the plan (members plus pending invitations). The caller holds the workspace row
 * lock (lockOwnerPlan), so concurrent invitations are counted one after the other.
 */
async function assertSeatFree(tx: DbTx, workspaceId: string, maxMembers: number | null) {
  if (maxMembers === null) return;
  const [members] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  const [pending] = await tx
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), isPending()));
  if ((members?.n ?? 0) + (pending?.n ?? 0) >= maxMembers) {
    throw new AppError("member_limit_reached", { extra: { limit: maxMembers } });
  }
}

/**
 * An owner invites an address with a role: a new pending invitation (one replaced for the same address keeps
 * its seat), then the link is mailed. Refused for a member's address and beyond the plan's seats.
 */
export async function inviteMember(owner: TAuthUser, input: TInvite) {
  const { email, role } = ZInvite.parse(input);
  const db = await getDb();
  const secret = newInvitationSecret();
  const created = await db.transaction(async (tx) => {
    const plan = await lockOwnerPlan(tx, owner.workspaceId);
    const [member] = await tx
      .select({ id: users.id })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, owner.workspaceId), eq(sql`lower(${users.email})`, email)))
      .limit(1);
    if (member) throw new AppError("already_member");
    await tx
      .update(workspaceInvitations)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(workspaceInvitations.workspaceId, owner.workspaceId),
          eq(workspaceInvitations.email, email),
          isPending(),
        ),
      );
    await assertSeatFree(tx, owner.workspaceId, plan.maxMembers);
    const [row] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId: owner.workspaceId,
        email,
        role,
        tokenHash: secret.tokenHash,
        invitedBy: owner.id,
        expiresAt: secret.expiresAt,
      })
      .returning();
    await recordAudit(tx, owner.workspaceId, "invitation.create", { type: "invitation", id: row!.id }, { email, role });
    return row!;
  });
  await mailInvitation(owner, created, secret.token);
  return created;
}

/** Sends (or sends again) the link of `invitation` on behalf of `owner`. */
export async function mailInvitation(
  owner: TAuthUser,
  invitation: { workspaceId: string; email: string; role: TInvite["role"] },
  token: string,
) {
  const db = await getDb();
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, invitation.workspaceId));
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, invitation.email));
  await sendInvitation({
    to: invitation.email,
    userId: account?.id ?? null,
    token,
    role: invitation.role,
    inviterName: `${owner.firstName} ${owner.lastName}`.trim() || owner.email,
    workspaceName: workspace?.name ?? "VeillePrix",
  });
}
