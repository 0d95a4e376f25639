import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { workspaceInvitations } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import type { TAuthUser } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";
import { isPending, mailInvitation } from "./invite-member";
import { newInvitationSecret } from "./send-invitation";

/** Revokes a pending invitation of the owner's workspace: its link stops working and its seat is freed. */
export async function revokeInvitation(owner: TAuthUser, invitationId: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(workspaceInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(workspaceInvitations.id, invitationId),
          eq(workspaceInvitations.workspaceId, owner.workspaceId),
          isPending(),
        ),
      )
      .returning();
    if (!row) throw new AppError("invitation_not_found");
    await recordAudit(
      tx,
      owner.workspaceId,
      "invitation.revoke",
      { type: "invitation", id: row.id },
      { email: row.email },
    );
  });
  return { ok: true };
}

/** Sends a pending invitation again with a new link (the previous one stops working) valid 7 more days. */
export async function resendInvitation(owner: TAuthUser, invitationId: string) {
  const db = await getDb();
  const secret = newInvitationSecret();
  const [row] = await db
    .update(workspaceInvitations)
    .set({ tokenHash: secret.tokenHash, expiresAt: secret.expiresAt })
    .where(
      and(
        eq(workspaceInvitations.id, invitationId),
        eq(workspaceInvitations.workspaceId, owner.workspaceId),
        isPending(),
      ),
    )
    .returning();
  if (!row) throw new AppError("invitation_not_found");
  await mailInvitation(owner, row, secret.token);
  return { ok: true };
}
