import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { apiTokens } from "@/db/schema";
import { getUserPlan } from "@/lib/billing/plans/get-user-plan";
import { presentApiToken } from "./present-api-token";

/** The owner's active integration tokens (kind 'api'), newest first, and whether the plan allows new ones. */
export async function listApiTokens(userId: string) {
  const db = await getDb();
  const plan = await getUserPlan(userId, db);
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), eq(apiTokens.kind, "api"), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return { can_create: plan.hasAutomation, tokens: rows.map(presentApiToken) };
}
