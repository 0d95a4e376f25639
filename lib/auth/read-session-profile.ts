import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";

/** The names and address a session token carries, read afresh after the user changed them. */
export async function readSessionProfile(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
