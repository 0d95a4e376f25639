// POST /api/auth/register – create an account (Freemium subscription included)
import { presentMe } from "@/lib/auth/present-user";
import { registerUser } from "@/lib/auth/register-user";
import { ZRegister } from "@/lib/auth/schemas";
import { json } from "@/lib/http/json";
import { clientIp } from "@/lib/http/client-ip";
import { rateLimit } from "@/lib/core/rate-limit";
import { withPublic } from "@/lib/http/with-auth";

export const POST = withPublic({ body: ZRegister }, async ({ req, body }) => {
  const ip = clientIp(req.headers);
  if (ip) await rateLimit(`register:ip:${ip}`, 20, 3600_000);
  const user = await registerUser(body);
  return json({ ...presentMe(user), message: "Inscription réussie" }, 201);
});
