import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { ApiError } from "@/lib/http/api-error";
import { rateLimit } from "@/lib/http/rate-limit";
import { dummyPasswordHash, verifyPassword } from "./hash-password";
import { ZLogin, type TLogin } from "./schemas";

export const INVALID_CREDENTIALS = "Identifiants incorrects";
const WINDOW_MS = 15 * 60_000;

/** Checks an e-mail and password, rate limited per e-mail and per IP; unknown e-mail and wrong password answer alike. */
export async function verifyCredentials(input: TLogin, ip: string) {
  const { email, password } = ZLogin.parse(input);
  await rateLimit(`login:ip:${ip}`, 30, WINDOW_MS);
  await rateLimit(`login:email:${email}`, 10, WINDOW_MS);
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw new ApiError(401, "invalid_credentials", INVALID_CREDENTIALS);
  return user;
}
