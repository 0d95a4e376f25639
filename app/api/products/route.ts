// GET /api/products – the signed-in user's products with their URLs and latest prices
// POST /api/products – create a product, optionally with its URLs (one transaction, plan limits enforced)
import { createProduct } from "@/lib/products/create-product";
import { listProducts } from "@/lib/products/list-products";
import { ZCreateProduct } from "@/lib/products/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => json(await listProducts(user.workspaceId)));

export const POST = withAuth({ body: ZCreateProduct }, async ({ user, body }) =>
  json({ ...(await createProduct(user.workspaceId, body)), message: "Produit créé avec succès" }, 201),
);
