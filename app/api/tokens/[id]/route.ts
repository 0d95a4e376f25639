// DELETE /api/tokens/{id} – revoke one of the user's integration tokens
import { revokeApiToken } from "@/lib/api-tokens/revoke-api-token";
import { withAuth } from "@/lib/http/with-auth";
import { ZTokenParams } from "@/lib/http/path-params";

export const DELETE = withAuth({ role: "reader", params: ZTokenParams }, async ({ user, params }) =>
  revokeApiToken(user, params.id!),
);
