// POST /api/products/import – bulk import of products and URLs from a CSV or XLSX file (multipart field `file`, 5 Mo max)
import { rateLimit } from "@/lib/http/rate-limit";
import { withAuth } from "@/lib/http/with-auth";
import { importProductsUpload } from "@/lib/products/import/import-products-upload";

export const maxDuration = 60;

export const POST = withAuth({}, async ({ req, user }) => {
  await rateLimit(`import:${user.id}`, 10, 60_000);
  return importProductsUpload(user.id, req);
});
