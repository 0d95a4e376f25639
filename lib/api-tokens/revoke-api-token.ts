import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { apiTokens } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth/resolve-user";
import { AppError } from "@/lib/errors/app-error";
import { assertCanManageTokens } from "./assert-can-manage-tokens";
import { API_TOKEN_MSG } from "./schemas";

/** Revokes one of the owner's integration tokens; login tokens, foreign and already revoked tokens are a 404. */
export async function revokeApiToken(user: TAuthUser, tokenId: string) {
  assertCanManageTokens(user);
  const userId = user.id;
  const db = await getDb();
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        eq(apiTokens.userId, userId),
        eq(apiTokens.kind, "api"),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ id: apiTokens.id });
  if (!row) throw new AppError("token_not_found");
  return { id: row.id, message: API_TOKEN_MSG.revoked };
}
