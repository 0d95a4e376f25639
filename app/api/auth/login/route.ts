// POST /api/auth/login – exchange e-mail and password for a Bearer access token
import { createAccessToken } from "@/lib/auth/create-access-token";
import { ZLogin } from "@/lib/auth/schemas";
import { verifyCredentials } from "@/lib/auth/verify-credentials";
import { clientIp } from "@/lib/http/client-ip";
import { withPublic } from "@/lib/http/with-auth";

export const POST = withPublic({ body: ZLogin }, async ({ req, body }) => {
  const user = await verifyCredentials(body, clientIp(req.headers));
  const { token, expiresAt } = await createAccessToken(user.id, "session", "login");
  return { access_token: token, token_type: "bearer", expires_at: expiresAt?.toISOString() ?? null };
});
