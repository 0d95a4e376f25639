import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { plans, subscriptions, users, workspaceMembers, workspaces } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";
import { createWorkspace } from "./create-workspace";
import { WORKSPACE_MSG } from "./schemas";

/**
 * An owner deletes the current workspace, confirmed by typing its name. Everything it owns goes with it (foreign
 * keys cascade); sessions and users that had it open fall back to another of their workspaces on their next
 * request. Refused while a paid subscription still renews (cancel it first), and when it is the owner's only
 * workspace; a member left with none gets a new empty one of their own (a user always has one). Nothing is
 * written to an audit log: the log belonged to the workspace and goes with it.
 */
export async function deleteWorkspace(owner: TAuthUser, typedName: string) {
  if (owner.role !== "owner") throw new AppError("forbidden_role");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, owner.workspaceId))
      .for("update");
    if (!workspace) throw new AppError("workspace_not_found");
    if (typedName.trim() !== workspace.name.trim()) throw new AppError("workspace_name_mismatch");
    const [others] = await tx
      .select({ n: count() })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, owner.id), ne(workspaceMembers.workspaceId, owner.workspaceId)));
    if ((others?.n ?? 0) === 0) throw new AppError("last_workspace");
    const [paid] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptions.workspaceId, owner.workspaceId),
          inArray(subscriptions.status, ["active", "trialing", "past_due", "unpaid", "incomplete"]),
          eq(subscriptions.cancelAtPeriodEnd, false),
          sql`${plans.priceHtCents} > 0`,
        ),
      )
      .limit(1);
    if (paid) throw new AppError("workspace_subscription_active");
    // members for whom this is the only workspace
    const alone = await tx
      .select({ userId: workspaceMembers.userId, firstName: users.firstName })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(
        and(
          eq(workspaceMembers.workspaceId, owner.workspaceId),
          sql`not exists (select 1 from ${workspaceMembers} o where o.user_id = ${workspaceMembers.userId}
            and o.workspace_id <> ${owner.workspaceId})`,
        ),
      );
    await tx.delete(workspaces).where(eq(workspaces.id, owner.workspaceId));
    for (const m of alone) await createWorkspace(tx, { ownerId: m.userId, name: personalName(m.firstName) });
    return { message: WORKSPACE_MSG.deleted(workspace.name) };
  });
}

const personalName = (firstName: string) => (firstName.trim() ? `Espace de ${firstName.trim()}` : "Mon espace");
