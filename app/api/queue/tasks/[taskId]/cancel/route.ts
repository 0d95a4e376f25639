// POST /api/queue/tasks/{taskId}/cancel – cancel a waiting or running task
import { withAuth } from "@/lib/http/with-auth";
import { cancelTask } from "@/lib/queue/cancel-task";
import { ZTaskParams } from "@/lib/http/path-params";

export const POST = withAuth({ params: ZTaskParams }, async ({ user, params }) => ({
  ...(await cancelTask(user.workspaceId, params.taskId!)),
  message: "Tâche annulée",
}));
