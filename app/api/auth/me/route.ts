// GET /api/auth/me – the signed-in user
import { presentMe } from "@/lib/auth/present-user";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ scope: "account" }, async ({ user }) => presentMe(user));
