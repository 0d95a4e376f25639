import { eq } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { plans, subscriptions } from "@/db/schema";

/** The plan whose limits apply to a user: the subscribed plan while active, else Freemium. */
export async function getUserPlan(userId: string, db?: DbLike) {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ plan: plans, status: subscriptions.status, sub: subscriptions })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  // a cancelled demo subscription whose period is over no longer grants its plan
  const demoOver =
    row?.sub.provider === "demo" &&
    row.sub.cancelAtPeriodEnd &&
    row.sub.currentPeriodEnd !== null &&
    row.sub.currentPeriodEnd <= new Date();
  if (row && !demoOver && row.status !== "canceled" && row.status !== "incomplete" && row.status !== "unpaid")
    return row.plan;
  const [freemium] = await conn.select().from(plans).where(eq(plans.code, "freemium")).limit(1);
  if (!freemium) throw new Error("Plan Freemium absent : la base n'a pas été initialisée");
  return freemium;
}
