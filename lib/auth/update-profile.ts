import { and, eq, ne, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { conflict } from "@/lib/http/api-error";
import { EMAIL_TAKEN } from "./register-user";
import { ZUpdateProfile, type TUpdateProfile } from "./schemas";

export async function updateProfile(userId: string, input: TUpdateProfile) {
  const data = ZUpdateProfile.parse(input);
  const db = await getDb();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, data.email), ne(users.id, userId)))
    .limit(1);
  if (taken) throw conflict(EMAIL_TAKEN, "email_taken");
  try {
    const [user] = await db
      .update(users)
      .set({ firstName: data.first_name, lastName: data.last_name, email: data.email, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    return user!;
  } catch (error) {
    // a concurrent registration may take the address between the check and the update
    if (String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === "23505") {
      throw conflict(EMAIL_TAKEN, "email_taken");
    }
    throw error;
  }
}
