import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { endOtherSessions, type TKeepCredential } from "./end-other-sessions";
import { endPendingLinks } from "./end-pending-links";
import { hashPassword, verifyPassword } from "./hash-password";
import { ZChangePassword } from "./schemas";

/**
 * Changes the password after checking the current one; every other browser session and login Bearer token
 * ends (`keep` is the credential of the request making the change), so do pending reset links, and the
 * integration tokens when `revoke_api_tokens` is set.
 */
export async function changePassword(userId: string, input: unknown, keep: TKeepCredential = {}) {
  const data = ZChangePassword.parse(input);
  await rateLimit(`password-change:${userId}`, 10, 15 * 60_000);
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, data.current_password))) {
    throw new AppError("wrong_password");
  }
  const passwordHash = await hashPassword(data.new_password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await endOtherSessions(tx, userId, keep, { integrationTokens: data.revoke_api_tokens });
    await endPendingLinks(tx, userId, { verification: false });
  });
  return { message: "Mot de passe mis à jour avec succès" };
}
