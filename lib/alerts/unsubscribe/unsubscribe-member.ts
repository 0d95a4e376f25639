import { and, eq } from "drizzle-orm";
import type { DbLike } from "@/db";
import { workspaceMembers, workspaces } from "@/db/schema";
import { isFirstOwnerMember } from "@/lib/workspaces";
import type { TUnsubscribeScope } from "./sign-unsubscribe-token";

/**
 * The membership an unsubscribe link names (a link without a member, sent before members had their own mail,
 * names the workspace's first owner), with the workspace's name; null when the workspace or the membership is gone.
 */
export async function findUnsubscribeMember(db: DbLike, scope: TUnsubscribeScope) {
  const [row] = await db
    .select({
      userId: workspaceMembers.userId,
      role: workspaceMembers.role,
      alertMode: workspaceMembers.alertMode,
      reportFrequency: workspaceMembers.reportFrequency,
      workspaceName: workspaces.name,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, scope.workspaceId),
        scope.userId ? eq(workspaceMembers.userId, scope.userId) : isFirstOwnerMember(scope.workspaceId),
      ),
    )
    .limit(1);
  return row ?? null;
}
