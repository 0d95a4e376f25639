import { eq } from "drizzle-orm";
import type { DbTx } from "@/db";
import { users } from "@/db/schema";
import { getUserPlan } from "@/lib/billing/plans/get-user-plan";

/**
 * Locks the owner's users row (SELECT ... FOR UPDATE) for the rest of the transaction, then reads the plan.
 * Every limit check (products, URLs) runs after this lock, so concurrent creates for one user are serialised
 * and a count followed by an insert cannot overshoot the limit.
 */
export async function lockOwnerPlan(tx: DbTx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return getUserPlan(userId, tx);
}
