// GET /api/queue/tasks/{taskId} – one of the user's tasks
import { withAuth } from "@/lib/http/with-auth";
import { getTask } from "@/lib/queue/get-task";
import { ZTaskParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZTaskParams }, async ({ user, params }) =>
  getTask(user.workspaceId, params.taskId!),
);
