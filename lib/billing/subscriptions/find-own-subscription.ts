import { and, eq, or } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { subscriptions } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/core/is-uuid";

/** The caller's subscription row named by our id or its Stripe id; anyone else's (or none) is a 404. */
export async function findOwnSubscription(workspaceId: string, id: string, db?: DbLike) {
  const conn = db ?? (await getDb());
  const byStripe = eq(subscriptions.stripeSubscriptionId, id);
  const [row] = await conn
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.workspaceId, workspaceId), isUuid(id) ? or(eq(subscriptions.id, id), byStripe) : byStripe),
    )
    .limit(1);
  if (!row) throw new AppError("subscription_not_found");
  return row;
}
