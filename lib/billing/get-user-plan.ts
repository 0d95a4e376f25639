import { eq } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { plans, subscriptions } from "@/db/schema";

/** The plan whose limits apply to a user: the subscribed plan while active, else Freemium. */
export async function getUserPlan(userId: string, db?: DbLike) {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ plan: plans, status: subscriptions.status })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  if (row && row.status !== "canceled" && row.status !== "incomplete" && row.status !== "unpaid") return row.plan;
  const [freemium] = await conn.select().from(plans).where(eq(plans.code, "freemium")).limit(1);
  if (!freemium) throw new Error("Plan Freemium absent : la base n'a pas été initialisée");
  return freemium;
}
