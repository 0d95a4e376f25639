// PATCH /api/products/{id}/urls/{urlId} – change source name, frequency or CSS selector hint
// DELETE /api/products/{id}/urls/{urlId} – stop tracking a URL and delete its history
import { deleteProductUrl } from "@/lib/products/urls/delete-product-url";
import { ZUpdateProductUrl } from "@/lib/products/schemas";
import { updateProductUrl } from "@/lib/products/urls/update-product-url";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductUrlParams } from "@/lib/http/path-params";

export const PATCH = withAuth(
  { params: ZProductUrlParams, body: ZUpdateProductUrl },
  async ({ user, params, body }) => ({
    ...(await updateProductUrl(user.workspaceId, params.id!, params.urlId!, body)),
    message: "URL mise à jour avec succès",
  }),
);

export const DELETE = withAuth({ params: ZProductUrlParams }, async ({ user, params }) => ({
  ...(await deleteProductUrl(user.workspaceId, params.id!, params.urlId!)),
  message: "URL supprimée avec succès",
}));
