// GET /api/workspaces – the signed-in user's workspaces and their role in each
// POST /api/workspaces – create another workspace, its creator its owner
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { getDb } from "@/db";
import { createWorkspace } from "@/lib/workspaces";
import { listWorkspaces } from "@/lib/workspaces";
import { WORKSPACE_MSG, ZCreateWorkspace } from "@/lib/workspaces/schemas";

export const GET = withAuth({ scope: "account" }, async ({ user }) => ({
  current: user.workspaceId,
  workspaces: await listWorkspaces(user.id),
}));

export const POST = withAuth({ body: ZCreateWorkspace, scope: "account" }, async ({ user, body }) => {
  const workspace = await createWorkspace(await getDb(), { ownerId: user.id, name: body.name });
  return json({ ...workspace, role: "owner", message: WORKSPACE_MSG.created }, 201);
});
