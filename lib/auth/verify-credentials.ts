import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { dummyPasswordHash, verifyPassword } from "./hash-password";
import { ZLogin, type TLogin } from "./schemas";
import { readKnownDevice } from "./known-device";
import { throttleLogin } from "./throttle-login";

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
      if (!user || !ok) throw new AppError("invalid_credentials");
      return user;
    },
    readKnownDevice(cookies, email),
  );
}
