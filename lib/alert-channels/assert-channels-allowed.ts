import type { DbLike } from "@/db";
import { getUserPlan } from "@/lib/billing/plans/get-user-plan";
import { AppError } from "@/lib/errors/app-error";

/** Channels come with alerts: 403 plan_no_email_alerts on a plan without them. */
export async function assertChannelsAllowed(userId: string, db?: DbLike): Promise<void> {
  const plan = await getUserPlan(userId, db);
  if (!plan.hasEmailAlerts) throw new AppError("plan_no_alert_channels");
}
