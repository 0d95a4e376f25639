import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { reportPreferences } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { verifyReportUnsubscribeToken } from "./report-links";
import { REPORT_MSG } from "./schemas";

/** Stops the scheduled report of the user a signed link names. Idempotent; the signature is the only credential. */
export async function unsubscribeReports(token: string) {
  const workspaceId = verifyReportUnsubscribeToken(token);
  if (!workspaceId) throw new AppError("invalid_token");
  const db = await getDb();
  await db
    .update(reportPreferences)
    .set({ frequency: "off", updatedAt: sql`now()` })
    .where(eq(reportPreferences.workspaceId, workspaceId));
  return { message: REPORT_MSG.unsubscribed };
}
