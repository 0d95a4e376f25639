import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { alertEmailDeliveries, alertEvents, alertRules, workspaceMembers } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { roleAtLeast } from "@/lib/workspaces";
import { findUnsubscribeMember } from "./unsubscribe-member";
import { verifyUnsubscribeToken } from "./verify-unsubscribe-token";

export const UNSUBSCRIBED_RULE = "Cette alerte est désactivée : vous ne recevrez plus d'email pour elle.";
export const UNSUBSCRIBED_ALL = "Vous êtes désabonné : vous ne recevrez plus aucune alerte par email.";

/**
 * What a signed link names, for the member it was sent to: one rule is switched off (a member who may edit
 * rules; a Lecteur's rule link stops their own alert e-mails instead), or the member's alert e-mails in that
 * workspace stop (alert mode 'none'; other members and other workspaces are untouched). Their e-mails still
 * waiting are dropped. Idempotent; the signature is the only credential (RFC 8058 one-click).
 */
export async function unsubscribeAlerts(token: string) {
  const scope = verifyUnsubscribeToken(token);
  if (!scope) throw new AppError("invalid_token");
  const db = await getDb();
  const member = await findUnsubscribeMember(db, scope);
  // a removed member already gets nothing: the link has nothing left to stop
  if (!member) return { scope: "all" as const, message: UNSUBSCRIBED_ALL };
  const ruleOnly = scope.ruleId !== null && scope.ruleId !== undefined && roleAtLeast(member.role, "editor");
  await db.transaction(async (tx) => {
    if (ruleOnly)
      await tx
        .update(alertRules)
        .set({ active: false, updatedAt: sql`now()` })
        .where(and(eq(alertRules.workspaceId, scope.workspaceId), eq(alertRules.id, scope.ruleId!)));
    else
      await tx
        .update(workspaceMembers)
        .set({ alertMode: "none" })
        .where(and(eq(workspaceMembers.workspaceId, scope.workspaceId), eq(workspaceMembers.userId, member.userId)));
    await tx
      .update(alertEmailDeliveries)
      .set({ status: "skipped", error: "Désabonné", claimedAt: null })
      .where(
        and(
          eq(alertEmailDeliveries.workspaceId, scope.workspaceId),
          ruleOnly ? undefined : eq(alertEmailDeliveries.userId, member.userId),
          ruleOnly
            ? inArray(
                alertEmailDeliveries.eventId,
                tx.select({ id: alertEvents.id }).from(alertEvents).where(eq(alertEvents.ruleId, scope.ruleId!)),
              )
            : undefined,
          inArray(alertEmailDeliveries.status, ["pending", "failed"]),
        ),
      );
  });
  return {
    scope: ruleOnly ? ("rule" as const) : ("all" as const),
    message: ruleOnly ? UNSUBSCRIBED_RULE : UNSUBSCRIBED_ALL,
  };
}
