import { getDb } from "@/db";
import { sessions } from "@/db/schema";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Records a browser sign-in; its id travels in the JWT as `sid` and is checked on every request. */
export async function openSession(userId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) })
    .returning({ id: sessions.id });
  return row!.id;
}
