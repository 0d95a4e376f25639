// GET /api/tokens – the user's integration tokens; POST /api/tokens – create one (plans with automation)
import { createApiToken } from "@/lib/api-tokens/create-api-token";
import { listApiTokens } from "@/lib/api-tokens/list-api-tokens";
import { ZCreateApiToken } from "@/lib/api-tokens/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ role: "reader" }, async ({ user }) => listApiTokens(user));

export const POST = withAuth({ role: "reader", body: ZCreateApiToken }, async ({ user, body }) =>
  json(await createApiToken(user, body.name), 201),
);
