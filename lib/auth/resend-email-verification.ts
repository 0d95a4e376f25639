import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { sendEmailVerification } from "./send-email-verification";

export const VERIFICATION_SENT = "Un nouvel email de vérification vient de vous être envoyé.";
export const ALREADY_VERIFIED = "Votre adresse email est déjà vérifiée.";

/** 'Renvoyer l'e-mail': a new link to the account's current address, 3 per quarter of an hour. */
export async function resendEmailVerification(userId: string) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("user_not_found");
  if (user.emailVerifiedAt) return { message: ALREADY_VERIFIED, verified: true };
  await rateLimit(`verify-resend:${userId}`, 3, 15 * 60_000);
  await sendEmailVerification(user);
  return { message: VERIFICATION_SENT, verified: false };
}
