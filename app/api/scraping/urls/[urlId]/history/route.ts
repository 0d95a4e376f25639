// GET /api/scraping/urls/{urlId}/history – price history of a tracked URL, newest first, within the plan's retention
import { z } from "zod";
import { withAuth } from "@/lib/http/with-auth";
import { getUrlHistory } from "@/lib/scraping/get-url-history";

const ZHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1, "La limite doit être un entier positif").max(10_000, "La limite ne doit pas dépasser 10000").optional(),
});

export const GET = withAuth({ query: ZHistoryQuery }, async ({ user, params, query }) =>
  getUrlHistory(user.id, params.urlId!, query.limit),
);
