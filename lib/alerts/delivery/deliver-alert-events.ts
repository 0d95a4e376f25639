import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { alertEmailDeliveries, alertEvents } from "@/db/schema";
import { sendEmail } from "@/lib/email";
import {
  claimEmailDeliveries,
  NOT_A_MEMBER,
  releaseEmailDeliveries,
  UNVERIFIED_RECIPIENT,
} from "./claim-email-deliveries";
import { loadRecipients, markEvents } from "./load-recipients";
import { renderAlertEmail } from "./render-alert-email";

type TFilter = { priceHistoryId?: number; eventIds?: string[]; olderThanMinutes?: number };

const NO_ID = "00000000-0000-0000-0000-000000000000";

/**
 * Sends the instant alert e-mails not yet sent (for one price entry, some events, or all of them): one message per
 * member and reading, listing every rule that reading matched, to each member who chose instant e-mails.
 * Exactly once per member: a lease on the (event, member) rows, then the e-mail keyed by the events and the
 * member (Resend Idempotency-Key and unique outbox row). A failure leaves the rows 'failed' for the next retry and throws.
 */
export async function deliverAlertEvents(filter: TFilter = {}) {
  const db = await getDb();
  const events = (where: ReturnType<typeof eq>) =>
    inArray(alertEmailDeliveries.eventId, db.select({ id: alertEvents.id }).from(alertEvents).where(where));
  const where =
    filter.eventIds !== undefined
      ? inArray(alertEmailDeliveries.eventId, filter.eventIds.length ? filter.eventIds : [NO_ID])
      : filter.priceHistoryId !== undefined
        ? events(eq(alertEvents.priceHistoryId, filter.priceHistoryId))
        : filter.olderThanMinutes !== undefined
          ? sql`${alertEmailDeliveries.createdAt} < now() - make_interval(mins => ${filter.olderThanMinutes}::int)`
          : undefined;
  const claimed = await claimEmailDeliveries(db, "instant", where);
  if (claimed.length === 0) return { sent: 0 };
  const eventRows = await db
    .select()
    .from(alertEvents)
    .where(inArray(alertEvents.id, [...new Set(claimed.map((d) => d.eventId))]));
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  const recipients = await loadRecipients(db, claimed);
  // one message per member and reading, listing every rule it matched
  const messages = new Map<string, { ids: string[]; userId: string; events: typeof eventRows }>();
  for (const d of claimed) {
    const event = eventById.get(d.eventId);
    if (!event) continue;
    const key = `${d.workspaceId} ${d.userId} ${event.priceHistoryId ?? event.id}`;
    const message = messages.get(key) ?? { ids: [], userId: d.userId, events: [] };
    message.ids.push(d.id);
    message.events.push(event);
    messages.set(key, message);
  }
  let sent = 0;
  const errors: string[] = [];
  for (const { ids, userId, events: group } of messages.values()) {
    const [event, ...others] = group.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()) as [
      (typeof group)[number],
      ...typeof group,
    ];
    try {
      const user = recipients.get(`${event.workspaceId} ${userId}`);
      if (!user || !user.verified) {
        await releaseEmailDeliveries(db, ids, user ? UNVERIFIED_RECIPIENT : NOT_A_MEMBER, true);
        await markEvents(
          db,
          group.map((e) => e.id),
          "skipped",
        );
        continue;
      }
      const email = await renderAlertEmail({ event, others, firstName: user.firstName, userId });
      const keys = group.map((e) => e.dedupeKey).sort();
      const idempotencyKey = others.length
        ? `alerts:${createHash("sha256").update(keys.join(" ")).digest("hex")}:${userId}`
        : `${event.dedupeKey}:${userId}`;
      await sendEmail({ to: user.email, userId, ...email, kind: "alert", idempotencyKey });
      await releaseEmailDeliveries(db, ids, null);
      await markEvents(
        db,
        group.map((e) => e.id),
        "sent",
      );
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(message);
      await releaseEmailDeliveries(db, ids, message);
      await markEvents(
        db,
        group.map((e) => e.id),
        "failed",
      );
    }
  }
  if (errors.length > 0) throw new Error(`Envoi d'alerte impossible (${errors.length}) : ${errors[0]}`);
  return { sent };
}
