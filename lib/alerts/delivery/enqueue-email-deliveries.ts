import { and, eq, ne, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertEmailDeliveries, type alertEvents, workspaceMembers } from "@/db/schema";

/**
 * Records the alert e-mail owed to each member of the event's workspace who chose alert e-mails, in that
 * member's mode, in the caller's transaction (with the event, so a crash never loses one). Idempotent: one
 * row per (event, member).
 */
export async function enqueueEmailDeliveries(db: DbLike, event: typeof alertEvents.$inferSelect) {
  const rows = await db
    .insert(alertEmailDeliveries)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          eventId: sql`${event.id}::uuid`.as("event_id"),
          userId: workspaceMembers.userId,
          workspaceId: workspaceMembers.workspaceId,
          delivery: workspaceMembers.alertMode,
          status: sql`'pending'`.as("status"),
          attempts: sql`0`.as("attempts"),
          claimedAt: sql`null`.as("claimed_at"),
          error: sql`null`.as("error"),
          sentAt: sql`null`.as("sent_at"),
          createdAt: sql`now()`.as("created_at"),
        })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, event.workspaceId), ne(workspaceMembers.alertMode, "none"))),
    )
    .onConflictDoNothing()
    .returning({ id: alertEmailDeliveries.id });
  return rows.length;
}
