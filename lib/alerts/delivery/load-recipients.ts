import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertEvents, users, workspaceMembers } from "@/db/schema";

export type TRecipient = { id: string; email: string; firstName: string; verified: boolean };

/**
 * The members, among (workspace, user) pairs, who still belong to the workspace and still want alert e-mails
 * there, keyed "<workspaceId> <userId>": a removed or unsubscribed member is absent and gets nothing more.
 */
export async function loadRecipients(db: DbLike, pairs: { workspaceId: string; userId: string }[]) {
  const map = new Map<string, TRecipient>();
  if (pairs.length === 0) return map;
  const rows = await db
    .select({
      workspaceId: workspaceMembers.workspaceId,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        ne(workspaceMembers.alertMode, "none"),
        or(
          ...pairs.map((p) =>
            and(eq(workspaceMembers.workspaceId, p.workspaceId), eq(workspaceMembers.userId, p.userId)),
          ),
        ),
      ),
    );
  for (const r of rows)
    map.set(`${r.workspaceId} ${r.id}`, { id: r.id, email: r.email, firstName: r.firstName, verified: !!r.verifiedAt });
  return map;
}

/**
 * The events' own status follows their e-mails: 'sent' once a member received one; until then 'failed' or
 * 'skipped' as the latest attempt went.
 */
export async function markEvents(db: DbLike, eventIds: string[], status: "sent" | "failed" | "skipped") {
  if (eventIds.length === 0) return;
  await db
    .update(alertEvents)
    .set(status === "sent" ? { status, sentAt: sql`coalesce(${alertEvents.sentAt}, now())` } : { status })
    .where(and(inArray(alertEvents.id, eventIds), ne(alertEvents.status, "sent")));
}
