import { and, count, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { apiTokens } from "@/db/schema";
import { createAccessToken, type TAuthUser } from "@/lib/auth";
import { getWorkspacePlan } from "@/lib/billing";
import { AppError } from "@/lib/errors/app-error";
import { lowerRole, type TWorkspaceRole } from "@/lib/workspaces";
import { assertCanManageTokens } from "./assert-can-manage-tokens";
import { presentApiToken } from "./present-api-token";
import { API_TOKEN_MSG, MAX_ACTIVE_API_TOKENS } from "./schemas";

/**
 * Issues an integration token (kind 'api', stored hashed) of the current workspace on plans with automation,
 * with the requested role capped at the creator's (then at the creator's current role on every use). The
 * secret is in this answer only: it cannot be read again.
 */
export async function createApiToken(user: TAuthUser, name: string, role: TWorkspaceRole = user.role) {
  assertCanManageTokens(user);
  const { workspaceId } = user;
  const db = await getDb();
  const plan = await getWorkspacePlan(workspaceId, db);
  if (!plan.hasAutomation) throw new AppError("plan_no_automation");
  const [active] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.workspaceId, workspaceId), eq(apiTokens.kind, "api"), isNull(apiTokens.revokedAt)));
  if (Number(active?.n ?? 0) >= MAX_ACTIVE_API_TOKENS) throw new AppError("api_token_limit");
  const issued = await createAccessToken(
    { userId: user.id, workspaceId, role: lowerRole(role, user.role) },
    "api",
    name,
  );
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, issued.id)).limit(1);
  return { ...presentApiToken(row!), token: issued.token, message: API_TOKEN_MSG.created };
}
