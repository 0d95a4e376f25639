// POST /api/queue/tasks/scheduled – queue the user's due URLs now (all: every URL; product_id: one product)
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { scheduleUserScrapes } from "@/lib/queue/schedule-user-scrapes";
import { ZScheduleTasks } from "@/lib/queue/schemas";

export const POST = withAuth({ body: ZScheduleTasks }, async ({ user, body }) =>
  json(await scheduleUserScrapes(user.workspaceId, body), 202),
);
