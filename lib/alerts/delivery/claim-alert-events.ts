import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertEvents } from "@/db/schema";

export const MAX_DELIVERY_ATTEMPTS = 5;
const LEASE = sql`interval '2 minutes'`;

/**
 * Atomically takes a short lease on undelivered events (pending, or failed with attempts left) so that
 * concurrent or retried workers never send the same alert twice; an expired lease (crashed worker) is
 * taken again. Returns the events this caller now owns.
 */
export async function claimAlertEvents(db: DbLike, delivery: "instant" | "digest", where: SQL | undefined) {
  const attempts = sql`coalesce((${alertEvents.details}->>'attempts')::int, 0)`;
  return db
    .update(alertEvents)
    .set({
      details: sql`${alertEvents.details} || jsonb_build_object('claimed_at', now()::text, 'attempts', ${attempts} + 1)`,
    })
    .where(
      and(
        eq(alertEvents.delivery, delivery),
        inArray(alertEvents.status, ["pending", "failed"]),
        lt(attempts, MAX_DELIVERY_ATTEMPTS),
        sql`(${alertEvents.details}->>'claimed_at' is null or (${alertEvents.details}->>'claimed_at')::timestamptz < now() - ${LEASE})`,
        where,
      ),
    )
    .returning();
}
