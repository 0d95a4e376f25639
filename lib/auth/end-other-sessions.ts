import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { DbLike } from "@/db";
import { apiTokens, sessions } from "@/db/schema";

export type TKeepCredential = { sessionId?: string; tokenId?: string };

/**
 * After a password change or reset: every browser session and every login Bearer token of the user ends,
 * except the credential the change was made with (`keep`); with `integrationTokens`, the integration (API)
 * tokens too (always on a reset, on a change when the owner ticks the box).
 */
export async function endOtherSessions(
  tx: DbLike,
  userId: string,
  keep: TKeepCredential = {},
  options: { integrationTokens?: boolean } = {},
): Promise<void> {
  const sessionFilters: SQL[] = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keep.sessionId) sessionFilters.push(ne(sessions.id, keep.sessionId));
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...sessionFilters));
  const tokenFilters: SQL[] = [
    eq(apiTokens.userId, userId),
    ...(options.integrationTokens ? [] : [eq(apiTokens.kind, "session")]),
    isNull(apiTokens.revokedAt),
  ];
  if (keep.tokenId) tokenFilters.push(ne(apiTokens.id, keep.tokenId));
  await tx
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(...tokenFilters));
}
