import type { DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing/plans/get-workspace-plan";
import { forbidden } from "@/lib/http/api-error";

export const PLAN_NO_ALERTS =
  "Les alertes par email ne sont pas incluses dans votre abonnement. Passez à un abonnement supérieur pour les activer.";

/** Throws 403 plan_no_email_alerts unless the user's plan grants e-mail alerts. */
export async function assertEmailAlertsAllowed(workspaceId: string, db?: DbLike): Promise<void> {
  const plan = await getWorkspacePlan(workspaceId, db);
  if (!plan.hasEmailAlerts) throw forbidden(PLAN_NO_ALERTS, "plan_no_email_alerts");
}
