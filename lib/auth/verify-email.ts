import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { emailVerificationTokens, users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { hashToken } from "./tokens";

export const ALREADY_VERIFIED = "Votre adresse email est déjà vérifiée.";
export const EMAIL_VERIFIED = "Votre adresse email est vérifiée. Vos alertes et rapports vous seront envoyés.";

/** Spends a verification link: the address it was sent to is verified if it is still the account's address. */
export async function verifyEmail(token: string | null | undefined) {
  if (!token || token.length > 200) throw new AppError("invalid_verification_token");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
    if (!row) throw new AppError("invalid_verification_token");
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(users.id, row.userId), eq(sql`lower(${users.email})`, row.email)))
      .returning({ email: users.email });
    if (!user) throw new AppError("invalid_verification_token");
    return { message: EMAIL_VERIFIED, email: user.email };
  });
}
