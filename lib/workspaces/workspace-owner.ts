import { sql, type SQL } from "drizzle-orm";
import { users, workspaceMembers } from "@/db/schema";

/**
 * `users.id = <the workspace's first owner>`: who receives the workspace's alert e-mails and reports until
 * members choose their own (one recipient, so each message is sent once).
 */
export function isWorkspaceOwner(workspaceId: SQL | string | { getSQL(): SQL }): SQL {
  return sql`${users.id} = (select ${workspaceMembers.userId} from ${workspaceMembers}
    where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.role} = 'owner'
    order by ${workspaceMembers.createdAt}, ${workspaceMembers.userId} limit 1)`;
}

/** `workspace_members.user_id = <the workspace's first owner>`, for a query over workspace_members itself. */
export function isFirstOwnerMember(workspaceId: SQL | string | { getSQL(): SQL }): SQL {
  return sql`${workspaceMembers.userId} = (select o.user_id from ${workspaceMembers} o
    where o.workspace_id = ${workspaceId} and o.role = 'owner' order by o.created_at, o.user_id limit 1)`;
}
