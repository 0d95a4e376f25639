// GET /api/queue/products/{id}/tasks – the tasks of one of the user's products, newest first
import { withAuth } from "@/lib/http/with-auth";
import { listProductTasks } from "@/lib/queue/list-product-tasks";
import { ZProductParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZProductParams }, async ({ user, params }) =>
  listProductTasks(user.workspaceId, params.id!),
);
