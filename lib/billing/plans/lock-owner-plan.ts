import { eq } from "drizzle-orm";
import type { DbTx } from "@/db";
import { workspaces } from "@/db/schema";
import { getWorkspacePlan } from "./get-workspace-plan";

/**
 * Locks the workspace row (SELECT ... FOR NO KEY UPDATE) for the rest of the transaction, then reads the
 * plan. Every limit check (products, URLs, channels) runs after this lock, so concurrent creates in one workspace
 * (by any of its members) are serialised and a count followed by an insert cannot overshoot the limit; rows that
 * merely point at the workspace (their foreign keys take KEY SHARE) are not held up.
 */
export async function lockOwnerPlan(tx: DbTx, workspaceId: string) {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("no key update");
  return getWorkspacePlan(workspaceId, tx);
}
