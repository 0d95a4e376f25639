import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { emailVerificationTokens, passwordResetTokens } from "@/db/schema";

/**
 * After a change of password or e-mail: every reset link not yet used is spent, and with `verification` (the
 * address changed) every pending verification link too, so a link read at an old address opens nothing.
 */
export async function endPendingLinks(tx: DbLike, userId: string, options: { verification: boolean }) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  if (!options.verification) return;
  await tx
    .update(emailVerificationTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
}
