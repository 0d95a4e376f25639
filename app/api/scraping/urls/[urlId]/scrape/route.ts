// POST /api/scraping/urls/{urlId}/scrape – start a manual scrape of a tracked URL; answers 202 with the new task,
// or 200 with the task already waiting or running for that URL (`created: false`)
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { requestUrlScrape } from "@/lib/queue/request-url-scrape";
import { ZUrlParams } from "@/lib/http/path-params";

export const POST = withAuth({ params: ZUrlParams }, async ({ user, params }) => {
  const { task, created } = await requestUrlScrape(user.workspaceId, params.urlId!);
  return json({ ...task, created, message: "Scraping lancé" }, created ? 202 : 200);
});
