// POST /api/queue/tasks/{taskId}/retry – run a failed or cancelled task again (force: also a completed or waiting one)
import { withAuth } from "@/lib/http/with-auth";
import { retryTask } from "@/lib/queue/retry-task";
import { ZRetryTask } from "@/lib/queue/schemas";
import { ZTaskParams } from "@/lib/http/path-params";

export const POST = withAuth({ params: ZTaskParams, body: ZRetryTask }, async ({ user, params, body }) => ({
  ...(await retryTask(user.workspaceId, params.taskId!, body.force)),
  message: "Tâche relancée",
}));
