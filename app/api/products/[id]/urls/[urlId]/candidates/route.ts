// GET /api/products/{id}/urls/{urlId}/candidates – the prices found by the URL's last scrape, for the picker
import { ZProductUrlParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";
import { listPriceCandidates } from "@/lib/price-picker/list-price-candidates";

export const GET = withAuth({ params: ZProductUrlParams }, async ({ user, params }) =>
  listPriceCandidates(user.workspaceId, params.id!, params.urlId!),
);
