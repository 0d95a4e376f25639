import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { sessions } from "@/db/schema";
import { isUuid } from "@/lib/core/is-uuid";

/** Sign-out: the session ends server-side, so a copy of its cookie no longer authenticates anyone. */
export async function revokeSession(sessionId: unknown): Promise<void> {
  if (!isUuid(sessionId)) return;
  const db = await getDb();
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
