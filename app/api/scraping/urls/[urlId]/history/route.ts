// GET /api/scraping/urls/{urlId}/history – price history of a tracked URL, newest first, within the plan's retention
import { ZUrlHistoryQuery } from "@/lib/history/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { getUrlHistory } from "@/lib/scraping/get-url-history";
import { ZUrlParams } from "@/lib/http/path-params";

// SPEC.md §7 answers a list: the total rides in X-Total-Count, or in `{ entries, total }` with include=total
export const GET = withAuth({ params: ZUrlParams, query: ZUrlHistoryQuery }, async ({ user, params, query }) => {
  const page = await getUrlHistory(user.workspaceId, params.urlId!, { limit: query.limit, before: query.before });
  const headers = { "X-Total-Count": String(page.total) };
  return query.include === "total" ? json(page, 200, headers) : json(page.entries, 200, headers);
});
