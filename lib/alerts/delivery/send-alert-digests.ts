import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { alertEvents, users } from "@/db/schema";
import { sendEmail } from "@/lib/email";
import { isWorkspaceOwner } from "@/lib/workspaces/workspace-owner";
import { claimAlertEvents, MAX_DELIVERY_ATTEMPTS } from "./claim-alert-events";
import { deliverAlertEvents } from "./deliver-alert-events";
import { releaseAlertEvents, UNVERIFIED_RECIPIENT } from "./release-alert-events";
import { renderAlertDigest } from "./render-alert-digest";

/**
 * The daily job: one digest e-mail per workspace (to its owner) with undelivered 'digest' events (grouped by product), then
 * a sweep of instant alerts left unsent by a crashed worker. Safe to re-run: events are leased, and the
 * e-mail key is derived from the exact set of events it carries.
 */
export async function sendAlertDigests(now = new Date()) {
  const db = await getDb();
  const pendingWorkspaces = await db
    .selectDistinct({ workspaceId: alertEvents.workspaceId })
    .from(alertEvents)
    .where(
      and(
        eq(alertEvents.delivery, "digest"),
        inArray(alertEvents.status, ["pending", "failed"]),
        sql`coalesce((${alertEvents.details}->>'attempts')::int, 0) < ${MAX_DELIVERY_ATTEMPTS}`,
      ),
    );
  let emails = 0;
  let events = 0;
  const errors: string[] = [];
  for (const { workspaceId } of pendingWorkspaces) {
    const claimed = await claimAlertEvents(db, "digest", eq(alertEvents.workspaceId, workspaceId));
    if (claimed.length === 0) continue;
    const ids = claimed.map((e) => e.id);
    try {
      const [user] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(isWorkspaceOwner(workspaceId));
      if (!user) continue;
      if (!user.verifiedAt) {
        await releaseAlertEvents(db, ids, UNVERIFIED_RECIPIENT, true);
        continue;
      }
      const email = await renderAlertDigest({ workspaceId, firstName: user.firstName, events: claimed, now });
      const key = `digest:${workspaceId}:${createHash("sha256")
        .update([...ids].sort().join(","))
        .digest("hex")
        .slice(0, 32)}`;
      await sendEmail({ to: user.email, userId: user.id, ...email, kind: "alert_digest", idempotencyKey: key });
      await releaseAlertEvents(db, ids, null);
      emails += 1;
      events += ids.length;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(message);
      await releaseAlertEvents(db, ids, message);
    }
  }
  const swept = await deliverAlertEvents({ olderThanMinutes: 10 });
  if (errors.length > 0) throw new Error(`Envoi du résumé impossible (${errors.length}) : ${errors[0]}`);
  return { emails, events, instantResent: swept.sent };
}
