// POST /api/auth/login – exchange e-mail and password for a Bearer access token
import { createAccessToken } from "@/lib/auth/create-access-token";
import { AppError } from "@/lib/errors/app-error";
import { knownDeviceCookie } from "@/lib/auth/known-device";
import { ZLogin } from "@/lib/auth/schemas";
import { verifyCredentials } from "@/lib/auth/verify-credentials";
import { clientIp } from "@/lib/http/client-ip";
import { json } from "@/lib/http/json";
import { withPublic } from "@/lib/http/with-auth";
import { defaultWorkspace } from "@/lib/workspaces";

export const POST = withPublic({ body: ZLogin }, async ({ req, body }) => {
  const user = await verifyCredentials(body, clientIp(req.headers), req.headers.get("cookie"));
  const workspace = await defaultWorkspace(user.id);
  if (!workspace) throw new AppError("unauthenticated");
  const { token, expiresAt } = await createAccessToken(
    { userId: user.id, workspaceId: workspace.workspaceId },
    "session",
    "login",
  );
  const res = json({ access_token: token, token_type: "bearer", expires_at: expiresAt?.toISOString() ?? null });
  res.headers.append("set-cookie", knownDeviceCookie(user.email).header);
  return res;
});
