// POST /api/feeds/{feedId}/runs – 'Lancer maintenant': 202 with the run, processed in the background by the
// run-feed job, started once the run is committed
import { rateLimit } from "@/lib/core/rate-limit";
import { presentFeedRun } from "@/lib/feeds/present-feed";
import { startFeedRun } from "@/lib/feeds/start-feed-run";
import { json } from "@/lib/http/json";
import { ZFeedParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";
import { inTransaction } from "@/lib/jobs/in-transaction";
import { triggerJob } from "@/lib/jobs/trigger-job";

export const POST = withAuth({ params: ZFeedParams }, async ({ user, params }) => {
  await rateLimit(`feed-run:${user.id}`, 20, 60_000);
  const run = await inTransaction(async (tx) => {
    const queued = await startFeedRun(tx, user.workspaceId, params.feedId!);
    await triggerJob("runFeed", { runId: queued.id, workspaceId: user.workspaceId }, { tx });
    return queued;
  });
  return json(presentFeedRun(run), 202);
});
