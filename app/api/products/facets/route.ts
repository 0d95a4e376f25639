// GET /api/products/facets – the brands, categories (with their parents) and tags of the workspace's products,
//   each with its count of products: the values the list's filters offer
import { listProductFacets } from "@/lib/products/list/list-facets";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => listProductFacets(user.workspaceId));
