import { render } from "@react-email/render";
import { createElement } from "react";
import { type DbLike, getDb } from "@/db";
import { emailVerificationTokens } from "@/db/schema";
import { EMAIL_TEXT_OPTIONS } from "@/lib/email";
import { sendEmail, VerifyEmail } from "@/lib/email";
import { env } from "@/lib/env";
import { generateToken, hashToken } from "./tokens";

export const VERIFY_TTL_MS = 48 * 3600_000;

type TRecipient = { id: string; email: string; firstName: string };

/**
 * Sends `user` a link that verifies their current address: single use, valid 48 hours, stored hashed and
 * bound to that address (a later change of e-mail makes it worthless).
 */
export async function sendEmailVerification(user: TRecipient, db?: DbLike) {
  const token = generateToken("vrf");
  await (db ?? (await getDb())).insert(emailVerificationTokens).values({
    userId: user.id,
    email: user.email.toLowerCase(),
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
  });
  const link = `${env.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const element = createElement(VerifyEmail, { firstName: user.firstName, email: user.email, link });
  const [html, text] = await Promise.all([render(element), render(element, EMAIL_TEXT_OPTIONS)]);
  await sendEmail({
    to: user.email,
    userId: user.id,
    kind: "email_verification",
    subject: "Confirmez votre adresse email VeillePrix",
    html,
    text,
  });
}
