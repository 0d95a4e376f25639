// POST /api/auth/forgot-password – send a reset link (same answer whether or not the account exists)
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { ZForgotPassword } from "@/lib/auth/schemas";
import { clientIp } from "@/lib/http/client-ip";
import { withPublic } from "@/lib/http/with-auth";

export const POST = withPublic({ body: ZForgotPassword }, async ({ req, body }) =>
  requestPasswordReset(body, clientIp(req.headers)),
);
