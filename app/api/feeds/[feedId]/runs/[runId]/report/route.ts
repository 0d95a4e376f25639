// GET /api/feeds/{feedId}/runs/{runId}/report – the run's report, one line per row, as a CSV download
import { feedReportCsv } from "@/lib/feeds/feed-report-csv";
import { ZFeedRunParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ params: ZFeedRunParams }, async ({ user, params }) =>
  feedReportCsv(user.workspaceId, params.feedId!, params.runId!),
);
