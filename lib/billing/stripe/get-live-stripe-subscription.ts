import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { subscriptions } from "@/db/schema";

/** The user's current Stripe subscription while it still bills (active, trialing, past due), else null. */
export async function getLiveStripeSubscription(workspaceId: string, db?: DbLike) {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.workspaceId, workspaceId),
        eq(subscriptions.provider, "stripe"),
        isNotNull(subscriptions.stripeSubscriptionId),
        inArray(subscriptions.status, ["active", "trialing", "past_due"]),
      ),
    )
    .limit(1);
  return row ?? null;
}
