// POST /api/queue/scrape?wait&timeout – queue a scrape; by default waits (up to 300 s) and answers the finished task
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { queueScrape } from "@/lib/queue/queue-scrape";
import { ZQueueScrape, ZQueueScrapeQuery } from "@/lib/queue/schemas";

export const maxDuration = 300;

export const POST = withAuth({ body: ZQueueScrape, query: ZQueueScrapeQuery }, async ({ req, user, body, query }) => {
  const { task, created, finished } = await queueScrape(user.workspaceId, body, {
    wait: query.wait,
    timeoutSec: query.timeout,
    signal: req.signal,
  });
  return json({ ...task, created }, finished || !created ? 200 : 202);
});
