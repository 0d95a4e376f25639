import type { DbLike } from "@/db";
import { getUserPlan } from "@/lib/billing/plans/get-user-plan";
import { AppError } from "@/lib/errors/app-error";

/** Throws 403 plan_no_email_alerts unless the user's plan grants e-mail alerts. */
export async function assertEmailAlertsAllowed(userId: string, db?: DbLike): Promise<void> {
  const plan = await getUserPlan(userId, db);
  if (!plan.hasEmailAlerts) throw new AppError("plan_no_email_alerts");
}
