// PUT /api/products/{id}/urls/{urlId}/price-source – choose the price: { candidate_id }, { selector } or
// { automatic: true }; a re-scrape is queued so the chosen price shows at once
import { ZProductUrlParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";
import { setPriceSource } from "@/lib/price-picker/set-price-source";
import { ZPriceSource } from "@/lib/price-picker/schemas";

export const PUT = withAuth({ params: ZProductUrlParams, body: ZPriceSource }, async ({ user, params, body }) => ({
  ...(await setPriceSource(user.workspaceId, params.id!, params.urlId!, body)),
  message: "Source du prix mise à jour",
}));
