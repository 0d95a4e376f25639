import { inArray, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertEvents } from "@/db/schema";

export const UNVERIFIED_RECIPIENT = "Adresse email non vérifiée : alerte non envoyée";

/**
 * Ends the lease claimAlertEvents took on these events: 'sent' when `error` is null, else 'failed' with the error
 * (claimed again while attempts are left), or 'skipped' for good (`skip`: the address is not verified).
 */
export async function releaseAlertEvents(db: DbLike, ids: string[], error: string | null, skip = false) {
  await db
    .update(alertEvents)
    .set(
      error === null
        ? { status: "sent", sentAt: sql`now()`, details: sql`${alertEvents.details} - 'claimed_at' - 'error'` }
        : {
            status: skip ? "skipped" : "failed",
            details: sql`(${alertEvents.details} - 'claimed_at') || jsonb_build_object('error', ${error}::text)`,
          },
    )
    .where(inArray(alertEvents.id, ids));
}
