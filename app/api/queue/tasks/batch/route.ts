// POST /api/queue/tasks/batch – queue scrapes of several tracked URLs (priority low/normal/high, use_ai recorded)
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { batchScrape } from "@/lib/queue/batch-scrape";
import { ZBatchScrape } from "@/lib/queue/schemas";

export const POST = withAuth({ body: ZBatchScrape }, async ({ user, body }) =>
  json(await batchScrape(user.workspaceId, body), 202),
);
