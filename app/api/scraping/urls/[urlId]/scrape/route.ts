// POST /api/scraping/urls/{urlId}/scrape – start a manual scrape of a tracked URL; answers 202 with the task
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { requestUrlScrape } from "@/lib/queue/request-url-scrape";

export const POST = withAuth({}, async ({ user, params }) => {
  const { task, created } = await requestUrlScrape(user.id, params.urlId!);
  return json({ ...task, created, message: "Scraping lancé" }, 202);
});
