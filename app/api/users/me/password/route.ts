// PUT /api/users/me/password – change the password (current password required)
import { changePassword } from "@/lib/auth/change-password";
import { ZChangePassword } from "@/lib/auth/schemas";
import { withAuth } from "@/lib/http/with-auth";

export const PUT = withAuth({ body: ZChangePassword, scope: "account" }, async ({ user, body }) =>
  changePassword(user.id, body, { sessionId: user.sessionId, tokenId: user.tokenId }),
);
