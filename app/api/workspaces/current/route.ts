// GET /api/workspaces/current – the workspace this session or token acts in, and the role there
// POST /api/workspaces/current – open another of the user's workspaces in this session
// DELETE /api/workspaces/current – an owner deletes the current workspace, its name typed as confirmation
import { withAuth } from "@/lib/http/with-auth";
import { deleteWorkspace } from "@/lib/workspaces";
import { ZDeleteWorkspace, ZSwitchWorkspace } from "@/lib/workspaces/schemas";
import { switchWorkspace } from "@/lib/workspaces";

export const GET = withAuth({}, async ({ user }) => ({ id: user.workspaceId, role: user.role }));

export const POST = withAuth({ body: ZSwitchWorkspace, scope: "account" }, async ({ user, body }) =>
  switchWorkspace(user, body.workspaceId),
);

export const DELETE = withAuth({ body: ZDeleteWorkspace, role: "owner" }, async ({ user, body }) =>
  deleteWorkspace(user, body.name),
);
