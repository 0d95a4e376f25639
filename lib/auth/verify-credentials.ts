import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { ApiError } from "@/lib/http/api-error";
import { dummyPasswordHash, verifyPassword } from "./hash-password";
import { ZLogin, type TLogin } from "./schemas";
import { readKnownDevice } from "./known-device";
import { throttleLogin } from "./throttle-login";

export const INVALID_CREDENTIALS = "Identifiants incorrects";

/**
 * Checks an e-mail and password, throttled per (address, account) pair and per address (throttle-login.ts);
 * unknown e-mail and wrong password answer alike. `ip` is null when the client's address is unknown; `cookies`
 * (the Cookie header) may hold the account's known-device cookie.
 */
export async function verifyCredentials(input: TLogin, ip: string | null, cookies?: string | null) {
  const { email, password } = ZLogin.parse(input);
  return throttleLogin(
    ip,
    email,
    async () => {
      const db = await getDb();
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !ok) throw new ApiError(401, "invalid_credentials", INVALID_CREDENTIALS);
      return user;
    },
    readKnownDevice(cookies, email),
  );
}
