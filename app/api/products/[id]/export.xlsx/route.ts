// GET /api/products/{id}/export.xlsx – Excel workbook ('Derniers prix', 'Historique complet'), streamed
import { exportProductXlsx } from "@/lib/exports/export-product-xlsx";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZProductParams }, async ({ user, params }) =>
  exportProductXlsx(user.workspaceId, params.id!),
);
