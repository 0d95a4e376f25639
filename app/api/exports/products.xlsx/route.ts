// GET /api/exports/products.xlsx – all products at once as an Excel workbook, streamed
import { exportProductXlsx } from "@/lib/exports/export-product-xlsx";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => exportProductXlsx(user.workspaceId, null));
