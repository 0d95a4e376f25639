// POST /api/feeds/{feedId}/runs – 'Lancer maintenant': 202 with the run, processed in the background
import { startFeedRun } from "@/lib/feeds/start-feed-run";
import { ZFeedParams } from "@/lib/http/path-params";
import { json } from "@/lib/http/json";
import { rateLimit } from "@/lib/http/rate-limit";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ params: ZFeedParams }, async ({ user, params }) => {
  await rateLimit(`feed-run:${user.id}`, 20, 60_000);
  return json(await startFeedRun(user.workspaceId, params.feedId!), 202);
});
