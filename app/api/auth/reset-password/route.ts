// POST /api/auth/reset-password – set a new password with the reset token as Bearer
import { bearerToken } from "@/lib/auth/resolve-user";
import { resetPassword } from "@/lib/auth/reset-password";
import { ZResetPassword } from "@/lib/auth/schemas";
import { withPublic } from "@/lib/http/with-auth";

export const POST = withPublic({ body: ZResetPassword }, async ({ req, body }) =>
  resetPassword(bearerToken(req.headers), body),
);
