import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { apiTokens } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";
import { assertCanManageTokens } from "./assert-can-manage-tokens";
import { API_TOKEN_MSG } from "./schemas";

/**
 * Revokes an integration token of the current workspace: any for an owner, a member's own otherwise; login
 * tokens, other workspaces' and already revoked tokens are a 404.
 */
export async function revokeApiToken(user: TAuthUser, tokenId: string) {
  assertCanManageTokens(user);
  const db = await getDb();
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        eq(apiTokens.workspaceId, user.workspaceId),
        user.role === "owner" ? undefined : eq(apiTokens.userId, user.id),
        eq(apiTokens.kind, "api"),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ id: apiTokens.id });
  if (!row) throw new AppError("token_not_found");
  return { id: row.id, message: API_TOKEN_MSG.revoked };
}
