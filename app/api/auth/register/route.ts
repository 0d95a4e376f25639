// POST /api/auth/register – create an account (Freemium subscription included)
import { presentMe } from "@/lib/auth/present-user";
import { registerUser } from "@/lib/auth/register-user";
import { ZRegister } from "@/lib/auth/schemas";
import { json } from "@/lib/http/json";
import { clientIp, rateLimit } from "@/lib/http/rate-limit";
import { withPublic } from "@/lib/http/with-auth";

export const POST = withPublic({ body: ZRegister }, async ({ req, body }) => {
  await rateLimit(`register:ip:${clientIp(req.headers)}`, 20, 3600_000);
  const user = await registerUser(body);
  return json({ ...presentMe(user), message: "Inscription réussie" }, 201);
});
