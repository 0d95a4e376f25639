// GET /api/queue/tasks/{taskId} – one of the user's tasks
import { withAuth } from "@/lib/http/with-auth";
import { getTask } from "@/lib/queue/get-task";

export const GET = withAuth({}, async ({ user, params }) => getTask(user.id, params.taskId!));
