// POST /api/workspaces/current/invitations – an owner invites an address with a role (the link is mailed)
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { inviteMember } from "@/lib/team";
import { ZInvite } from "@/lib/team/schemas";

export const POST = withAuth({ role: "owner", body: ZInvite }, async ({ user, body }) => {
  const row = await inviteMember(user, body);
  return json(
    { id: row.id, email: row.email, role: row.role, created_at: row.createdAt, expires_at: row.expiresAt },
    201,
  );
});
