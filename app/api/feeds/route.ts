// GET /api/feeds – the workspace's catalogue feeds; POST /api/feeds – a URL feed ({ name, url, frequency }), read
// once to propose its format and column mapping: 201 (a file feed is POST /api/feeds/upload)
import { createUrlFeed } from "@/lib/feeds/create-feed";
import { listFeeds } from "@/lib/feeds/list-feeds";
import { ZCreateUrlFeed } from "@/lib/feeds/schemas";
import { json } from "@/lib/http/json";
import { rateLimit } from "@/lib/core/rate-limit";
import { withAuth } from "@/lib/http/with-auth";

export const maxDuration = 60;

export const GET = withAuth({}, async ({ user }) => listFeeds(user.workspaceId));

export const POST = withAuth({ body: ZCreateUrlFeed }, async ({ user, body }) => {
  await rateLimit(`feeds:${user.id}`, 20, 60_000);
  return json(await createUrlFeed(user.workspaceId, body), 201);
});
