// GET /api/products/{id}/alerts – the product's alert rules; POST /api/products/{id}/alerts – add a rule
import { createAlertRule } from "@/lib/alerts";
import { listAlertRules } from "@/lib/alerts";
import { ZCreateAlertRule } from "@/lib/alerts/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZProductParams }, async ({ user, params }) =>
  listAlertRules(user.workspaceId, params.id!),
);

export const POST = withAuth({ params: ZProductParams, body: ZCreateAlertRule }, async ({ user, params, body }) =>
  json(await createAlertRule(user.workspaceId, params.id!, body), 201),
);
