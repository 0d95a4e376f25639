import { and, eq, or } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { plans } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

export type TPlanRow = typeof plans.$inferSelect;

/**
 * The active plan a payment is for: by Stripe price id, else by plan id or code. With Stripe the plan
 * must carry a price id; when nothing resolves the answer is 422 'ID de prix Stripe manquant'.
 */
export async function resolveCheckoutPlan(
  input: { price_id?: string; plan_id?: string },
  options: { requireStripePrice: boolean; db?: DbLike },
): Promise<TPlanRow> {
  const db = options.db ?? (await getDb());
  let plan: TPlanRow | undefined;
  if (input.price_id) {
    [plan] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.stripePriceId, input.price_id), eq(plans.active, true)))
      .limit(1);
  }
  if (!plan && input.plan_id) {
    const key = input.plan_id;
    const byId = /^\d{1,9}$/.test(key) ? eq(plans.id, Number(key)) : undefined;
    [plan] = await db
      .select()
      .from(plans)
      .where(and(byId ? or(byId, eq(plans.code, key)) : eq(plans.code, key), eq(plans.active, true)))
      .limit(1);
  }
  if (!plan) throw new AppError("missing_price_id");
  if (options.requireStripePrice && plan.type !== "freemium" && !plan.stripePriceId) {
    throw new AppError("missing_price_id");
  }
  return plan;
}
