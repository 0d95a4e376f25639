// GET /api/access – the workspace's access to shops: provider, proxies (never their secrets), per-shop strategies, the month's usage
// PUT /api/access – save the provider, its key, the proxies and the monthly cap (owner only)
import { getDb } from "@/db";
import { getAccessSettings, saveAccessSettings } from "@/lib/fetching/access-settings";
import { ZAccessSettings } from "@/lib/fetching/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => json(await getAccessSettings(await getDb(), user.workspaceId)));

export const PUT = withAuth({ body: ZAccessSettings, role: "owner" }, async ({ user, body }) =>
  json(await saveAccessSettings(await getDb(), user.workspaceId, body)),
);
