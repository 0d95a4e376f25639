import { eq } from "drizzle-orm";
import type { DbTx } from "@/db";
import { users } from "@/db/schema";
import { getUserPlan } from "./get-user-plan";

/**
 * Locks the owner's users row (SELECT ... FOR NO KEY UPDATE) for the rest of the transaction, then reads the
 * plan. Every limit check (products, URLs, channels) runs after this lock, so concurrent creates for one user are
 * serialised and a count followed by an insert cannot overshoot the limit; rows that merely point at the user
 * (their foreign keys take KEY SHARE) are not held up.
 */
export async function lockOwnerPlan(tx: DbTx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
  return getUserPlan(userId, tx);
}
