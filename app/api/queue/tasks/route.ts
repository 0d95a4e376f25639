// GET /api/queue/tasks?status&limit – the user's tasks (status=active: processing, pending, retry; at most 50)
import { withAuth } from "@/lib/http/with-auth";
import { listTasks } from "@/lib/queue/list-tasks";
import { ZListTasksQuery } from "@/lib/queue/schemas";

export const GET = withAuth({ query: ZListTasksQuery }, async ({ user, query }) =>
  listTasks(user.workspaceId, { status: query.status, limit: query.limit }),
);
