// GET /api/products/{id}/export/history.csv – 'Historique complet' CSV, streamed (?dialect=excel|standard)
import { ZCsvExportQuery } from "@/lib/exports/schemas";
import { exportProductCsv } from "@/lib/exports/export-product-csv";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductParams } from "@/lib/http/path-params";

export const GET = withAuth({ params: ZProductParams, query: ZCsvExportQuery }, async ({ user, query, params }) =>
  exportProductCsv(user.workspaceId, params.id!, "history", query.dialect),
);
