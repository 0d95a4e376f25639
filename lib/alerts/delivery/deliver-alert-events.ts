import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { alertEvents, users } from "@/db/schema";
import { sendEmail } from "@/lib/email";
import { isWorkspaceOwner } from "@/lib/workspaces/workspace-owner";
import { claimAlertEvents } from "./claim-alert-events";
import { releaseAlertEvents, UNVERIFIED_RECIPIENT } from "./release-alert-events";
import { renderAlertEmail } from "./render-alert-email";

type TFilter = { priceHistoryId?: number; eventIds?: string[]; olderThanMinutes?: number };

/**
 * Sends the instant alert e-mails not yet sent (for one price entry, some events, or all of them): one message per
 * workspace and reading (to its owner), listing every rule that reading matched.
 * Exactly once: a lease on the event row, then the e-mail keyed by the event's dedupe key (Resend
 * Idempotency-Key and unique outbox row). A failure leaves the event 'failed' for the next retry and throws.
 */
export async function deliverAlertEvents(filter: TFilter = {}) {
  const db = await getDb();
  const where =
    filter.eventIds !== undefined
      ? inArray(alertEvents.id, filter.eventIds.length ? filter.eventIds : ["00000000-0000-0000-0000-000000000000"])
      : filter.priceHistoryId !== undefined
        ? eq(alertEvents.priceHistoryId, filter.priceHistoryId)
        : filter.olderThanMinutes !== undefined
          ? sql`${alertEvents.createdAt} < now() - make_interval(mins => ${filter.olderThanMinutes}::int)`
          : undefined;
  const claimed = await claimAlertEvents(db, "instant", where);
  // one message per workspace and reading, listing every rule it matched
  const messages = new Map<string, typeof claimed>();
  for (const event of claimed) {
    const key = `${event.workspaceId} ${event.priceHistoryId ?? event.id}`;
    messages.set(key, [...(messages.get(key) ?? []), event]);
  }
  let sent = 0;
  const errors: string[] = [];
  for (const events of messages.values()) {
    const [event, ...others] = events.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()) as [
      (typeof claimed)[number],
      ...typeof claimed,
    ];
    const ids = events.map((e) => e.id);
    try {
      const [user] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(isWorkspaceOwner(event.workspaceId))
        .limit(1);
      if (!user) continue;
      if (!user.verifiedAt) {
        await releaseAlertEvents(db, ids, UNVERIFIED_RECIPIENT, true);
        continue;
      }
      const email = await renderAlertEmail({ event, others, firstName: user.firstName });
      const idempotencyKey = others.length
        ? `alerts:${createHash("sha256")
            .update(
              events
                .map((e) => e.dedupeKey)
                .sort()
                .join(" "),
            )
            .digest("hex")}`
        : event.dedupeKey;
      await sendEmail({ to: user.email, userId: user.id, ...email, kind: "alert", idempotencyKey });
      await releaseAlertEvents(db, ids, null);
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(message);
      await releaseAlertEvents(db, ids, message);
    }
  }
  if (errors.length > 0) throw new Error(`Envoi d'alerte impossible (${errors.length}) : ${errors[0]}`);
  return { sent };
}
