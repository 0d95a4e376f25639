// POST /api/products/import – bulk import of products and URLs from a CSV or XLSX file (multipart field `file`,
// 5 Mo max): 202 with the import, run in the background; GET /api/products/import/{id} follows it
import { rateLimit } from "@/lib/core/rate-limit";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";
import { importProductsUpload } from "@/lib/products/import/import-products-upload";

export const maxDuration = 60;

export const POST = withAuth({}, async ({ req, user }) => {
  await rateLimit(`import:${user.id}`, 10, 60_000);
  return json(await importProductsUpload(user.workspaceId, req), 202);
});
