import { inArray, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertEvents } from "@/db/schema";

/**
 * Ends the lease claimAlertEvents took on these events: 'sent' when `error` is null, else 'failed' with the error
 * (claimed again while attempts are left).
 */
export async function releaseAlertEvents(db: DbLike, ids: string[], error: string | null) {
  await db
    .update(alertEvents)
    .set(
      error === null
        ? { status: "sent", sentAt: sql`now()`, details: sql`${alertEvents.details} - 'claimed_at' - 'error'` }
        : {
            status: "failed",
            details: sql`(${alertEvents.details} - 'claimed_at') || jsonb_build_object('error', ${error}::text)`,
          },
    )
    .where(inArray(alertEvents.id, ids));
}
