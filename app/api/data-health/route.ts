// GET /api/data-health – URLs per state, the freshness figure and per-shop statistics of the workspace's catalogue
import { getDb } from "@/db";
import { getHealthSummary } from "@/lib/health/get-health-summary";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => json(await getHealthSummary(await getDb(), user.workspaceId)));
