import { and, eq, ne, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { assertPersonalEmail } from "./assert-personal-email";
import { endPendingLinks } from "./end-pending-links";
import { verifyPassword } from "./hash-password";
import { ZUpdateProfile, type TUpdateProfile } from "./schemas";
import { sendEmailVerification } from "./send-email-verification";

/**
 * Names and e-mail; a new e-mail needs the current password (a stolen token or session alone cannot take it),
 * is unverified until its link is followed (one is sent), and spends every pending reset and verification link.
 */
export async function updateProfile(userId: string, input: TUpdateProfile) {
  const data = ZUpdateProfile.parse(input);
  const db = await getDb();
  const [current] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!current) throw new AppError("user_not_found");
  const emailChanged = data.email !== current.email.toLowerCase();
  if (emailChanged) {
    assertPersonalEmail(data.email);
    if (!data.current_password) throw new AppError("current_password_required");
    await rateLimit(`password-change:${userId}`, 10, 15 * 60_000);
    if (!(await verifyPassword(current.passwordHash, data.current_password))) {
      throw new AppError("wrong_password");
    }
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, data.email), ne(users.id, userId)))
    .limit(1);
  if (taken) throw new AppError("email_taken");
  let user: typeof users.$inferSelect;
  try {
    user = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          firstName: data.first_name,
          lastName: data.last_name,
          email: data.email,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId))
        .returning();
      if (emailChanged) await endPendingLinks(tx, userId, { verification: true });
      return row!;
    });
  } catch (error) {
    // a concurrent registration may take the address between the check and the update
    if (String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === "23505") {
      throw new AppError("email_taken");
    }
    throw error;
  }
  if (emailChanged) {
    // the change stands; 'Renvoyer l'e-mail' sends another link
    await sendEmailVerification(user).catch((error) => console.error("[auth] email de vérification non envoyé", error));
  }
  return user;
}
