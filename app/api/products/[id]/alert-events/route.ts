// GET /api/products/{id}/alert-events – the alerts recorded for a product, newest first
import { listAlertEvents } from "@/lib/alerts";
import { ZAlertEventsQuery } from "@/lib/alerts/schemas";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZProductParams, query: ZAlertEventsQuery }, async ({ user, params, query }) =>
  listAlertEvents(user.workspaceId, params.id!, query.limit),
);
