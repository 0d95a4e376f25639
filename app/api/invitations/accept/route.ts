// POST /api/invitations/accept – the signed-in invitee joins the workspace, which their session then opens
import { withAuth } from "@/lib/http/with-auth";
import { acceptInvitation } from "@/lib/team";
import { ZInvitationToken } from "@/lib/team/schemas";

export const POST = withAuth({ scope: "account", body: ZInvitationToken }, async ({ user, body }) =>
  acceptInvitation(user, body.token),
);
