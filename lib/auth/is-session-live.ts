import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { sessions } from "@/db/schema";
import { isUuid } from "@/lib/core/is-uuid";

/** Whether a browser session (its id in the next-auth token) is still open for this user. */
export async function isSessionLive(sid: unknown, userId: string | undefined): Promise<boolean> {
  if (!isUuid(sid) || !isUuid(userId)) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sid),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}
