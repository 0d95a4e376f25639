// GET /api/users/me/stats – products and active URLs of the signed-in user
import { getUserStats } from "@/lib/auth/get-user-stats";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => getUserStats(user.workspaceId));
