// PATCH /api/workspaces/current/members/{userId} – an owner changes a role
// DELETE /api/workspaces/current/members/{userId} – an owner removes a member, or a member leaves (their own id)
import { withAuth } from "@/lib/http/with-auth";
import { ZMemberParams } from "@/lib/http/path-params";
import { ZChangeRole } from "@/lib/team/schemas";
import { changeMemberRole, removeMember } from "@/lib/team";

export const PATCH = withAuth(
  { role: "owner", params: ZMemberParams, body: ZChangeRole },
  async ({ user, params, body }) => changeMemberRole(user, params.userId!, body.role),
);

// any member may leave; removing someone else is checked for the owner role in removeMember
export const DELETE = withAuth({ role: "reader", params: ZMemberParams }, async ({ user, params }) =>
  removeMember(user, params.userId!),
);
