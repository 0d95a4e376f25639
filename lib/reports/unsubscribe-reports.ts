import { and, eq } from "drizzle-orm";
import { isFirstOwnerMember } from "@/lib/workspaces/workspace-owner";
import { getDb } from "@/db";
import { workspaceMembers } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { verifyReportUnsubscribeToken } from "./report-links";
import { REPORT_MSG } from "./schemas";

/**
 * Stops the scheduled report of the member it was sent to (the workspace's first owner) in the workspace a signed
 * link names. Idempotent; the signature is the only credential.
 */
export async function unsubscribeReports(token: string) {
  const workspaceId = verifyReportUnsubscribeToken(token);
  if (!workspaceId) throw new AppError("invalid_token");
  const db = await getDb();
  await db
    .update(workspaceMembers)
    .set({ reportFrequency: "off" })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), isFirstOwnerMember(workspaceId)));
  return { message: REPORT_MSG.unsubscribed };
}
