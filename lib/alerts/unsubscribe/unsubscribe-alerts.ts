import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { alertEvents, alertRules } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { verifyUnsubscribeToken } from "./verify-unsubscribe-token";

export const UNSUBSCRIBED_RULE = "Cette alerte est désactivée : vous ne recevrez plus d'email pour elle.";
export const UNSUBSCRIBED_ALL = "Vous êtes désabonné : vous ne recevrez plus aucune alerte par email.";

/**
 * Switches off the rule (or every rule of the workspace) a signed link names, and drops its alerts still
 * waiting to be sent. Idempotent; the signature is the only credential (RFC 8058 one-click).
 */
export async function unsubscribeAlerts(token: string) {
  const scope = verifyUnsubscribeToken(token);
  if (!scope) throw new AppError("invalid_token");
  const db = await getDb();
  const ruleFilter = scope.ruleId
    ? and(eq(alertRules.workspaceId, scope.workspaceId), eq(alertRules.id, scope.ruleId))
    : eq(alertRules.workspaceId, scope.workspaceId);
  await db.transaction(async (tx) => {
    await tx.update(alertRules).set({ active: false, updatedAt: sql`now()` }).where(ruleFilter);
    await tx
      .update(alertEvents)
      .set({ status: "skipped" })
      .where(
        and(
          eq(alertEvents.workspaceId, scope.workspaceId),
          scope.ruleId ? eq(alertEvents.ruleId, scope.ruleId) : undefined,
          inArray(alertEvents.status, ["pending", "failed"]),
          inArray(alertEvents.delivery, ["instant", "digest"]),
        ),
      );
  });
  return {
    scope: scope.ruleId ? ("rule" as const) : ("all" as const),
    message: scope.ruleId ? UNSUBSCRIBED_RULE : UNSUBSCRIBED_ALL,
  };
}
