// GET /api/products – one page of the workspace's products (SPEC.md §7 answers a list): filters, search and sort in
//   the query; the next page's cursor rides in X-Next-Cursor and a Link rel="next", the count in X-Total-Count
//   (or `{ items, next_cursor, total }` with include=page)
// POST /api/products – create a product, optionally with its URLs (one transaction, plan limits enforced)
import { createProduct } from "@/lib/products/create-product";
import { listProductsPage } from "@/lib/products/list-products";
import { ZListProducts } from "@/lib/products/list/list-schema";
import { ZCreateProduct } from "@/lib/products/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ query: ZListProducts }, async ({ req, user, query }) => {
  const page = await listProductsPage(user.workspaceId, query);
  if (query.include === "page") return { items: page.items, next_cursor: page.nextCursor, total: page.total };
  const headers: Record<string, string> = { "X-Total-Count": String(page.total) };
  if (page.nextCursor) {
    const next = new URL(req.nextUrl.pathname, "http://x");
    for (const [k, v] of req.nextUrl.searchParams) if (k !== "cursor") next.searchParams.append(k, v);
    next.searchParams.set("cursor", page.nextCursor);
    headers["X-Next-Cursor"] = page.nextCursor;
    headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return json(page.items, 200, headers);
});

export const POST = withAuth({ body: ZCreateProduct }, async ({ user, body }) =>
  json({ ...(await createProduct(user.workspaceId, body)), message: "Produit créé avec succès" }, 201),
);
