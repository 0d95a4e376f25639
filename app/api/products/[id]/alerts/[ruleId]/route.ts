// PATCH /api/products/{id}/alerts/{ruleId} – change a rule; DELETE /api/products/{id}/alerts/{ruleId} – delete it
import { deleteAlertRule } from "@/lib/alerts";
import { ZUpdateAlertRule } from "@/lib/alerts/schemas";
import { updateAlertRule } from "@/lib/alerts";
import { withAuth } from "@/lib/http/with-auth";
import { ZAlertRuleParams } from "@/lib/http/path-params";

export const PATCH = withAuth({ params: ZAlertRuleParams, body: ZUpdateAlertRule }, async ({ user, params, body }) =>
  updateAlertRule(user.workspaceId, params.id!, params.ruleId!, body),
);

export const DELETE = withAuth({ params: ZAlertRuleParams }, async ({ user, params }) =>
  deleteAlertRule(user.workspaceId, params.id!, params.ruleId!),
);
