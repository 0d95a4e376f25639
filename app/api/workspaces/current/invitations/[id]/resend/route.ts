// POST /api/workspaces/current/invitations/{id}/resend – a new link for a pending invitation (the old one stops)
import { withAuth } from "@/lib/http/with-auth";
import { resendInvitation } from "@/lib/team";
import { ZInvitationParams } from "@/lib/http/path-params";

export const POST = withAuth({ role: "owner", params: ZInvitationParams }, async ({ user, params }) =>
  resendInvitation(user, params.id!),
);
