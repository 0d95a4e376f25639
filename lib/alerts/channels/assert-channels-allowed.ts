import type { DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing";
import { AppError } from "@/lib/errors/app-error";

/** Channels come with alerts: 403 plan_no_email_alerts on a plan without them. */
export async function assertChannelsAllowed(workspaceId: string, db?: DbLike): Promise<void> {
  const plan = await getWorkspacePlan(workspaceId, db);
  if (!plan.hasEmailAlerts) throw new AppError("plan_no_alert_channels");
}
