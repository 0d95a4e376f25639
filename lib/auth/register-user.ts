import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { plans, subscriptions, users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { createWorkspace } from "@/lib/workspaces";
import { assertPersonalEmail } from "./assert-personal-email";
import { hashPassword } from "./hash-password";
import { ZRegister, type TRegister } from "./schemas";
import { sendEmailVerification } from "./send-email-verification";

/**
 * Creates the account and its own workspace (a fresh id, not the user's: only migrated accounts share it) with
 * the Freemium subscription; a chosen paid plan is bought afterwards on /subscriptions.
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
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    const { id: workspaceId } = await createWorkspace(tx, { ownerId: user.id, name });
    await tx.update(users).set({ lastWorkspaceId: workspaceId }).where(eq(users.id, user.id));
    const [freemium] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.code, "freemium")).limit(1);
    if (freemium) await tx.insert(subscriptions).values({ workspaceId, planId: freemium.id, status: "active" });
    return { ...user, lastWorkspaceId: workspaceId };
  });
  try {
    await sendEmailVerification(created);
  } catch (error) {
    // the account stands; 'Renvoyer l'e-mail' sends another link
    console.error("[auth] email de vérification non envoyé", error);
  }
  return created;
}
