// POST /api/feeds/{feedId}/upload – a new version of a file feed's file (multipart `file`, same limits and checks
// as the first upload): it replaces the feed's file and a run starts: 202 with the run
import { rateLimit } from "@/lib/core/rate-limit";
import { presentFeedRun } from "@/lib/feeds/present-feed";
import { readFeedFile, saveFeedFile } from "@/lib/feeds/replace-feed-file";
import { startFeedRun } from "@/lib/feeds/start-feed-run";
import { json } from "@/lib/http/json";
import { ZFeedParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";
import { inTransaction } from "@/lib/jobs/in-transaction";
import { triggerJob } from "@/lib/jobs/trigger-job";

export const maxDuration = 60;

export const POST = withAuth({ params: ZFeedParams }, async ({ req, user, params }) => {
  await rateLimit(`feeds:${user.id}`, 20, 60_000);
  const read = await readFeedFile(user.workspaceId, params.feedId!, req);
  const run = await inTransaction(async (tx) => {
    await saveFeedFile(tx, user.workspaceId, read);
    const queued = await startFeedRun(tx, user.workspaceId, params.feedId!);
    await triggerJob("runFeed", { runId: queued.id, workspaceId: user.workspaceId }, { tx });
    return queued;
  });
  return json(presentFeedRun(run), 202);
});
