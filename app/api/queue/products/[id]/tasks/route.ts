// GET /api/queue/products/{id}/tasks – the tasks of one of the user's products, newest first
import { withAuth } from "@/lib/http/with-auth";
import { listProductTasks } from "@/lib/queue/list-product-tasks";

export const GET = withAuth({}, async ({ user, params }) => listProductTasks(user.id, params.id!));
