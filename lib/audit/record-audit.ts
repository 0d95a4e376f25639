import type { DbLike } from "@/db";
import { auditEvents } from "@/db/schema";
import { currentAuditContext } from "./audit-context";

/**
 * Records who did what in a workspace, in the transaction of the change (both stand or neither). The actor,
 * IP and user agent come from the request (lib/http/with-auth.ts); a job records with no actor.
 */
export async function recordAudit(
  db: DbLike,
  workspaceId: string,
  action: string,
  target: { type: string; id?: string | number | null },
  summary: Record<string, unknown> = {},
) {
  const context = currentAuditContext();
  await db.insert(auditEvents).values({
    workspaceId,
    actorId: context?.actorId ?? null,
    action,
    targetType: target.type,
    targetId: target.id == null ? null : String(target.id),
    summary,
    ip: context?.ip ?? null,
    userAgent: context?.userAgent?.slice(0, 300) ?? null,
  });
}
