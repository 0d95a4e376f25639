// POST /api/invitations/register – accepting without an account: one is created for the invited address
import { clientIp } from "@/lib/http/client-ip";
import { json } from "@/lib/http/json";
import { rateLimit } from "@/lib/core/rate-limit";
import { withPublic } from "@/lib/http/with-auth";
import { registerWithInvitation } from "@/lib/team";
import { ZInvitationRegister } from "@/lib/team/schemas";

export const POST = withPublic({ body: ZInvitationRegister }, async ({ req, body }) => {
  const ip = clientIp(req.headers);
  if (ip) await rateLimit(`register:ip:${ip}`, 20, 3600_000);
  return json(await registerWithInvitation(body), 201);
});
