// POST /api/queue/tasks/{taskId}/cancel – cancel a waiting or running task
import { withAuth } from "@/lib/http/with-auth";
import { cancelTask } from "@/lib/queue/cancel-task";

export const POST = withAuth({}, async ({ user, params }) => ({
  ...(await cancelTask(user.id, params.taskId!)),
  message: "Tâche annulée",
}));
