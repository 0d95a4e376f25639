import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { workspaceMembers } from "@/db/schema";
import { findUnsubscribeMember } from "@/lib/alerts";
import { AppError } from "@/lib/errors/app-error";
import { verifyReportUnsubscribeToken } from "./report-links";
import { REPORT_MSG } from "./schemas";

/**
 * Stops the scheduled report of the member a signed link names (older links: the workspace's first owner), in that
 * workspace only. Idempotent; the signature is the only credential.
 */
export async function unsubscribeReports(token: string) {
  const scope = verifyReportUnsubscribeToken(token);
  if (!scope) throw new AppError("invalid_token");
  const db = await getDb();
  const member = await findUnsubscribeMember(db, scope);
  if (member)
    await db
      .update(workspaceMembers)
      .set({ reportFrequency: "off" })
      .where(and(eq(workspaceMembers.workspaceId, scope.workspaceId), eq(workspaceMembers.userId, member.userId)));
  return { message: REPORT_MSG.unsubscribed };
}
