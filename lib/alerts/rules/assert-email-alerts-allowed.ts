import type { DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing";
import { AppError } from "@/lib/errors/app-error";

/** Throws 403 plan_no_email_alerts unless the user's plan grants e-mail alerts. */
export async function assertEmailAlertsAllowed(workspaceId: string, db?: DbLike): Promise<void> {
  const plan = await getWorkspacePlan(workspaceId, db);
  if (!plan.hasEmailAlerts) throw new AppError("plan_no_email_alerts");
}
