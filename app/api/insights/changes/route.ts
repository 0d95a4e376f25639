// GET /api/insights/changes – what moved since a day or a week ago: drops, rises, stock, new cheapest merchant
import { readChanges } from "@/lib/insights";
import { ZChangesQuery } from "@/lib/insights/schemas";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ query: ZChangesQuery }, async ({ user, query }) => readChanges(user.workspaceId, query));
