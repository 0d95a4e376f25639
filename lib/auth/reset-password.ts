import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { passwordResetTokens, users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { endOtherSessions } from "./end-other-sessions";
import { endPendingLinks } from "./end-pending-links";
import { hashPassword } from "./hash-password";
import { ZResetPassword } from "./schemas";
import { hashToken } from "./tokens";

/**
 * Single use: the token and every other open link of the user are spent; every session, login token and
 * integration token ends (whoever had the account before the reset keeps nothing of it).
 */
export async function resetPassword(token: string | null, input: unknown) {
  const { password } = ZResetPassword.parse(input);
  if (!token) throw new AppError("invalid_reset_token");
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!row) throw new AppError("invalid_reset_token");
    await endPendingLinks(tx, row.userId, { verification: false });
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, row.userId));
    await endOtherSessions(tx, row.userId, {}, { integrationTokens: true });
  });
  return { message: "Votre mot de passe a été réinitialisé avec succès!" };
}
