// DELETE /api/workspaces/current/invitations/{id} – an owner revokes a pending invitation
import { withAuth } from "@/lib/http/with-auth";
import { revokeInvitation } from "@/lib/team";
import { ZInvitationParams } from "@/lib/http/path-params";

export const DELETE = withAuth({ role: "owner", params: ZInvitationParams }, async ({ user, params }) =>
  revokeInvitation(user, params.id!),
);
