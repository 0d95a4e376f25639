import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { apiTokens } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { getWorkspacePlan } from "@/lib/billing";
import { presentApiToken } from "./present-api-token";

/**
 * The workspace's active integration tokens (kind 'api'), newest first: all of them for an owner, a member's
 * own otherwise; and whether the plan allows new ones.
 */
export async function listApiTokens(user: Pick<TAuthUser, "id" | "workspaceId" | "role">) {
  const db = await getDb();
  const plan = await getWorkspacePlan(user.workspaceId, db);
  const rows = await db
    .select()
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.workspaceId, user.workspaceId),
        user.role === "owner" ? undefined : eq(apiTokens.userId, user.id),
        eq(apiTokens.kind, "api"),
        isNull(apiTokens.revokedAt),
      ),
    )
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return { can_create: plan.hasAutomation, tokens: rows.map(presentApiToken) };
}
