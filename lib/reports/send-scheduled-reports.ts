import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { type Db, getDb } from "@/db";
import { reportSends, users, workspaceMembers } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing";
import { sendEmail } from "@/lib/email";
import { isFirstOwnerMember } from "@/lib/workspaces/workspace-owner";
import { loadReportContent } from "./load-report-content";
import { reportPeriod } from "./report-period";
import { renderScheduledReport } from "./render-scheduled-report";

/**
 * Sends each workspace (plans with alerts) whose first owner chose a frequency, to that owner, the report of the current period, once: a report_sends row
 * per (workspace, period) and the e-mail keyed by it, so a re-run or a concurrent run sends nothing twice.
 * A failed send is retried by the next run of the same period; the first error is thrown after all workspaces.
 */
export async function sendScheduledReports(options: { now?: Date; db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const subscribers = await db
    .select({
      workspaceId: workspaceMembers.workspaceId,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      frequency: workspaceMembers.reportFrequency,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    // an address its owner has not verified receives nothing (it may be someone else's)
    .where(
      and(
        ne(workspaceMembers.reportFrequency, "off"),
        isNotNull(users.emailVerifiedAt),
        isFirstOwnerMember(workspaceMembers.workspaceId),
      ),
    );
  let sent = 0;
  const errors: string[] = [];
  for (const sub of subscribers) {
    if (sub.frequency === "off") continue;
    const plan = await getWorkspacePlan(sub.workspaceId, db);
    if (!plan.hasEmailAlerts) continue;
    const period = reportPeriod(sub.frequency, now);
    await db.insert(reportSends).values({ workspaceId: sub.workspaceId, periodKey: period.key }).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(reportSends)
      .where(and(eq(reportSends.workspaceId, sub.workspaceId), eq(reportSends.periodKey, period.key)));
    if (!row || row.status === "sent") continue;
    try {
      const content = await loadReportContent(sub.workspaceId, period);
      const email = await renderScheduledReport({
        workspaceId: sub.workspaceId,
        firstName: sub.firstName,
        period,
        content,
      });
      await sendEmail({
        to: sub.email,
        userId: sub.userId,
        ...email,
        kind: "scheduled_report",
        idempotencyKey: `report:${sub.workspaceId}:${period.key}`,
        attachments: content.attachment ? [content.attachment] : undefined,
      });
      await db
        .update(reportSends)
        .set({ status: "sent", sentAt: sql`now()`, error: null })
        .where(eq(reportSends.id, row.id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(message);
      await db.update(reportSends).set({ status: "failed", error: message }).where(eq(reportSends.id, row.id));
    }
  }
  if (errors.length > 0) throw new Error(`Envoi de rapport impossible (${errors.length}) : ${errors[0]}`);
  return { sent };
}
