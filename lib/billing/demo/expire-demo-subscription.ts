import { and, eq, lte } from "drizzle-orm";
import { getDb } from "@/db";
import { subscriptions } from "@/db/schema";
import { switchToFreemium } from "@/lib/billing/subscriptions/switch-to-freemium";

/**
 * A demo subscription cancelled at period end has no provider to end it: once the period is over it
 * converges to Freemium on the next read (plan limits applied). Idempotent.
 */
export async function expireDemoSubscription(userId: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const [due] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, "demo"),
        eq(subscriptions.cancelAtPeriodEnd, true),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(1);
  if (!due) return false;
  await switchToFreemium(userId);
  return true;
}
