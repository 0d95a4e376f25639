import { and, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertEmailDeliveries } from "@/db/schema";

export const MAX_DELIVERY_ATTEMPTS = 5;
export const UNVERIFIED_RECIPIENT = "Adresse email non vérifiée : alerte non envoyée";
export const NOT_A_MEMBER = "Destinataire retiré de l'espace ou désabonné : alerte non envoyée";

/**
 * Atomically takes a short lease on the member e-mails not yet sent (pending, or failed with attempts left),
 * skipping rows another worker holds, so concurrent or retried workers never send one twice; an expired lease
 * (crashed worker) is taken again. Returns the rows this caller now owns.
 */
export async function claimEmailDeliveries(db: DbLike, delivery: "instant" | "digest", where: SQL | undefined) {
  const due = db
    .select({ id: alertEmailDeliveries.id })
    .from(alertEmailDeliveries)
    .where(
      and(
        eq(alertEmailDeliveries.delivery, delivery),
        inArray(alertEmailDeliveries.status, ["pending", "failed"]),
        lt(alertEmailDeliveries.attempts, MAX_DELIVERY_ATTEMPTS),
        or(
          isNull(alertEmailDeliveries.claimedAt),
          lt(alertEmailDeliveries.claimedAt, sql`now() - interval '2 minutes'`),
        ),
        where,
      ),
    )
    .for("update", { skipLocked: true });
  return db
    .update(alertEmailDeliveries)
    .set({ claimedAt: sql`now()`, attempts: sql`${alertEmailDeliveries.attempts} + 1` })
    .where(and(inArray(alertEmailDeliveries.id, due), inArray(alertEmailDeliveries.status, ["pending", "failed"])))
    .returning();
}

/**
 * Ends the lease on these rows: 'sent' when `error` is null, else 'failed' with the error (claimed again while
 * attempts are left), or 'skipped' for good (`skip`: unverified address, member removed or unsubscribed).
 */
export async function releaseEmailDeliveries(db: DbLike, ids: string[], error: string | null, skip = false) {
  if (ids.length === 0) return;
  await db
    .update(alertEmailDeliveries)
    .set(
      error === null
        ? { status: "sent", sentAt: sql`now()`, claimedAt: null, error: null }
        : { status: skip ? "skipped" : "failed", claimedAt: null, error },
    )
    .where(inArray(alertEmailDeliveries.id, ids));
}
