// GET /api/products/{id} – one product with its URLs and latest prices
// PUT /api/products/{id} – rename / describe a product (absent optional fields unchanged)
// PATCH /api/products/{id} – change some of a product's fields (identity, prices, name, description)
// DELETE /api/products/{id} – delete a product, its URLs and their history
import { deleteProduct } from "@/lib/products/delete-product";
import { getProduct } from "@/lib/products/get-product";
import { ZPatchProduct, ZUpdateProduct } from "@/lib/products/schemas";
import { updateProduct } from "@/lib/products/update-product";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZProductParams }, async ({ user, params }) =>
  getProduct(user.workspaceId, params.id!),
);

export const PUT = withAuth({ params: ZProductParams, body: ZUpdateProduct }, async ({ user, params, body }) => ({
  ...(await updateProduct(user.workspaceId, params.id!, body)),
  message: "Produit mis à jour avec succès",
}));

export const PATCH = withAuth({ params: ZProductParams, body: ZPatchProduct }, async ({ user, params, body }) => ({
  ...(await updateProduct(user.workspaceId, params.id!, body)),
  message: "Produit mis à jour avec succès",
}));

export const DELETE = withAuth({ params: ZProductParams }, async ({ user, params }) => ({
  ...(await deleteProduct(user.workspaceId, params.id!)),
  message: "Produit supprimé avec succès",
}));
