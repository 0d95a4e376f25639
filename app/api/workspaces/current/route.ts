// POST /api/workspaces/current – open another of the user's workspaces in this session
import { withAuth } from "@/lib/http/with-auth";
import { ZSwitchWorkspace } from "@/lib/workspaces/schemas";
import { switchWorkspace } from "@/lib/workspaces/switch-workspace";

export const POST = withAuth({ body: ZSwitchWorkspace, scope: "account" }, async ({ user, body }) =>
  switchWorkspace(user, body.workspaceId),
);
