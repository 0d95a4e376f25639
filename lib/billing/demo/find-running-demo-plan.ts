import { eq } from "drizzle-orm";
import type { DbLike } from "@/db";
import { plans, subscriptions } from "@/db/schema";

/** The user's paid demo subscription whose period is still running, with its plan; null otherwise. */
export async function findRunningDemoPlan(workspaceId: string, conn: DbLike, now = new Date()) {
  const [held] = await conn
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.workspaceId, workspaceId))
    .limit(1);
  if (!held || held.sub.provider !== "demo" || held.sub.status !== "active" || held.plan.type !== "paid") return null;
  const periodEnd = held.sub.currentPeriodEnd;
  return periodEnd && periodEnd > now ? { ...held, periodEnd } : null;
}
