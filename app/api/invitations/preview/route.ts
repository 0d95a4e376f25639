// POST /api/invitations/preview – what an invitation link offers (workspace, inviter, address, role), or why it cannot serve
import { clientIp } from "@/lib/http/client-ip";
import { rateLimit } from "@/lib/core/rate-limit";
import { withPublic } from "@/lib/http/with-auth";
import { previewInvitation } from "@/lib/team";
import { ZInvitationToken } from "@/lib/team/schemas";

export const POST = withPublic({ body: ZInvitationToken }, async ({ req, body }) => {
  const ip = clientIp(req.headers);
  if (ip) await rateLimit(`invitation:ip:${ip}`, 60, 15 * 60_000);
  return previewInvitation(body.token);
});
