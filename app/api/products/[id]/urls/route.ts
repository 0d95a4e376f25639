// GET /api/products/{id}/urls – the product's tracked URLs with their latest prices
// POST /api/products/{id}/urls – track a new URL (plan limits enforced) and queue its first scrape
import { addProductUrl } from "@/lib/products/urls/add-product-url";
import { listProductUrls } from "@/lib/products/urls/list-product-urls";
import { ZCreateProductUrl } from "@/lib/products/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZProductParams }, async ({ user, params }) =>
  json(await listProductUrls(user.workspaceId, params.id!)),
);

export const POST = withAuth({ params: ZProductParams, body: ZCreateProductUrl }, async ({ user, params, body }) =>
  json({ ...(await addProductUrl(user.workspaceId, params.id!, body)), message: "URL ajoutée avec succès" }, 201),
);
