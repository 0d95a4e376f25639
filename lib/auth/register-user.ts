import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { plans, subscriptions, users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { assertPersonalEmail } from "./assert-personal-email";
import { hashPassword } from "./hash-password";
import { ZRegister, type TRegister } from "./schemas";
import { sendEmailVerification } from "./send-email-verification";

/**
 * Creates the account with the Freemium subscription; a chosen paid plan is bought afterwards on /subscriptions.
 * The account works at once; its address receives a verification link (unverified, it gets no alert or report).
 */
export async function registerUser(input: TRegister) {
  const data = ZRegister.parse(input);
  assertPersonalEmail(data.email);
  const passwordHash = await hashPassword(data.password);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: data.email, passwordHash, firstName: data.first_name, lastName: data.last_name })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new AppError("email_taken");
    const [freemium] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.code, "freemium")).limit(1);
    if (freemium) await tx.insert(subscriptions).values({ userId: user.id, planId: freemium.id, status: "active" });
    return user;
  });
  try {
    await sendEmailVerification(created);
  } catch (error) {
    // the account stands; 'Renvoyer l'e-mail' sends another link
    console.error("[auth] email de vérification non envoyé", error);
  }
  return created;
}
