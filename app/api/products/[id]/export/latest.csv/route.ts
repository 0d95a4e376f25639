// GET /api/products/{id}/export/latest.csv – 'Derniers prix' CSV (?dialect=excel|standard)
import { ZCsvExportQuery } from "@/lib/exports/schemas";
import { exportProductCsv } from "@/lib/exports/export-product-csv";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZProductParams, query: ZCsvExportQuery }, async ({ user, query, params }) =>
  exportProductCsv(user.workspaceId, params.id!, "latest", query.dialect),
);
