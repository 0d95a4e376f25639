// GET /api/data-health/urls – one page of the catalogue's URLs with their state, filtered by state and shop
import { getDb } from "@/db";
import { listHealthUrls } from "@/lib/health/list-health-urls";
import { ZHealthListQuery } from "@/lib/health/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ query: ZHealthListQuery }, async ({ user, query }) =>
  json(await listHealthUrls(await getDb(), user.workspaceId, query)),
);
