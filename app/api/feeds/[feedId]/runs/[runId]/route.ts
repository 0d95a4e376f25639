// GET /api/feeds/{feedId}/runs/{runId} – a run's progress (rows done / total) and its report's first rows
import { getFeedRun } from "@/lib/feeds/get-feed-run";
import { ZFeedRunQuery } from "@/lib/feeds/schemas";
import { ZFeedRunParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ params: ZFeedRunParams, query: ZFeedRunQuery }, async ({ user, params, query }) =>
  getFeedRun(user.workspaceId, params.feedId!, params.runId!, query.outcome),
);
