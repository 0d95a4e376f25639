// GET /api/tokens – the workspace's integration tokens (a member's own, all for an owner)
// POST /api/tokens – create one in the current workspace, its role capped at the creator's (plans with automation)
import { createApiToken } from "@/lib/api-tokens/create-api-token";
import { listApiTokens } from "@/lib/api-tokens/list-api-tokens";
import { ZCreateApiToken } from "@/lib/api-tokens/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ role: "reader" }, async ({ user }) => listApiTokens(user));

export const POST = withAuth({ role: "reader", body: ZCreateApiToken }, async ({ user, body }) =>
  json(await createApiToken(user, body.name, body.role), 201),
);
