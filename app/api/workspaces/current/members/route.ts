// GET /api/workspaces/current/members – the current workspace's members (and, for an owner, pending invitations and seats)
import { withAuth } from "@/lib/http/with-auth";
import { listTeam } from "@/lib/team";

export const GET = withAuth({}, async ({ user }) => listTeam(user));
