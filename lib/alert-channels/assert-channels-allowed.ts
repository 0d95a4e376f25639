import type { DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing/plans/get-workspace-plan";
import { forbidden } from "@/lib/http/api-error";
import { CHANNEL_MSG } from "./schemas";

/** Channels come with alerts: 403 plan_no_email_alerts on a plan without them. */
export async function assertChannelsAllowed(workspaceId: string, db?: DbLike): Promise<void> {
  const plan = await getWorkspacePlan(workspaceId, db);
  if (!plan.hasEmailAlerts) throw forbidden(CHANNEL_MSG.noPlan, "plan_no_email_alerts");
}
