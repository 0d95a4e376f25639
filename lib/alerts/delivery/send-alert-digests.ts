import { createHash } from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import { getDb } from "@/db";
import { alertEmailDeliveries, alertEvents } from "@/db/schema";
import { sendEmail } from "@/lib/email";
import {
  claimEmailDeliveries,
  MAX_DELIVERY_ATTEMPTS,
  NOT_A_MEMBER,
  releaseEmailDeliveries,
  UNVERIFIED_RECIPIENT,
} from "./claim-email-deliveries";
import { summarizeBrokenUrls } from "@/lib/health";
import { deliverAlertEvents } from "./deliver-alert-events";
import { loadRecipients, markEvents } from "./load-recipients";
import { renderAlertDigest } from "./render-alert-digest";

/**
 * The daily job: one digest e-mail per member and workspace with that member's undelivered 'digest' alerts
 * (grouped by product), then a sweep of instant alerts left unsent by a crashed worker. Safe to re-run, and
 * to run twice at once: the (event, member) rows are leased, and the e-mail key is derived from the exact set
 * of rows it carries.
 */
export async function sendAlertDigests(now = new Date()) {
  const db = await getDb();
  const pending = await db
    .selectDistinct({ workspaceId: alertEmailDeliveries.workspaceId, userId: alertEmailDeliveries.userId })
    .from(alertEmailDeliveries)
    .where(
      and(
        eq(alertEmailDeliveries.delivery, "digest"),
        inArray(alertEmailDeliveries.status, ["pending", "failed"]),
        lt(alertEmailDeliveries.attempts, MAX_DELIVERY_ATTEMPTS),
      ),
    );
  const recipients = await loadRecipients(db, pending);
  let emails = 0;
  let events = 0;
  const errors: string[] = [];
  for (const { workspaceId, userId } of pending) {
    const claimed = await claimEmailDeliveries(
      db,
      "digest",
      and(eq(alertEmailDeliveries.workspaceId, workspaceId), eq(alertEmailDeliveries.userId, userId)),
    );
    if (claimed.length === 0) continue;
    const ids = claimed.map((d) => d.id);
    try {
      const user = recipients.get(`${workspaceId} ${userId}`);
      if (!user || !user.verified) {
        await releaseEmailDeliveries(db, ids, user ? UNVERIFIED_RECIPIENT : NOT_A_MEMBER, true);
        await markEvents(db, [...new Set(claimed.map((d) => d.eventId))], "skipped");
        continue;
      }
      const rows = await db
        .select()
        .from(alertEvents)
        .where(
          inArray(
            alertEvents.id,
            claimed.map((d) => d.eventId),
          ),
        );
      const broken = await summarizeBrokenUrls(db, workspaceId);
      const email = await renderAlertDigest({
        workspaceId,
        userId,
        firstName: user.firstName,
        events: rows,
        now,
        broken,
      });
      const key = `digest:${workspaceId}:${userId}:${createHash("sha256")
        .update([...ids].sort().join(","))
        .digest("hex")
        .slice(0, 32)}`;
      await sendEmail({ to: user.email, userId, ...email, kind: "alert_digest", idempotencyKey: key });
      await releaseEmailDeliveries(db, ids, null);
      await markEvents(
        db,
        rows.map((e) => e.id),
        "sent",
      );
      emails += 1;
      events += ids.length;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(message);
      await releaseEmailDeliveries(db, ids, message);
      await markEvents(db, [...new Set(claimed.map((d) => d.eventId))], "failed");
    }
  }
  const swept = await deliverAlertEvents({ olderThanMinutes: 10 });
  if (errors.length > 0) throw new Error(`Envoi du résumé impossible (${errors.length}) : ${errors[0]}`);
  return { emails, events, instantResent: swept.sent };
}
