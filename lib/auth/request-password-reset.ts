import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { passwordResetTokens, users } from "@/db/schema";
import { sendEmail, renderResetPasswordEmail } from "@/lib/email";
import { env } from "@/lib/env";
import { rateLimit } from "@/lib/core/rate-limit";
import { ZForgotPassword } from "./schemas";
import { generateToken, hashToken } from "./tokens";

export const RESET_REQUESTED =
  "Si un compte existe pour cette adresse, un email de réinitialisation vient d'être envoyé.";
const TTL_MS = 3600_000;

/** Same answer whether or not the account exists; rate limited per e-mail and per IP. */
export async function requestPasswordReset(input: unknown, ip: string | null) {
  const { email } = ZForgotPassword.parse(input);
  if (ip) await rateLimit(`forgot:ip:${ip}`, 10, 15 * 60_000);
  await rateLimit(`forgot:email:${email}`, 3, 15 * 60_000);
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user) {
    const token = generateToken("rst");
    await db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TTL_MS),
    });
    const link = `${env.appUrl}/reset-password#access_token=${encodeURIComponent(token)}&type=recovery`;
    const mail = renderResetPasswordEmail({ firstName: user.firstName, link });
    await sendEmail({ to: user.email, userId: user.id, kind: "password_reset", ...mail });
  }
  return { message: RESET_REQUESTED };
}
