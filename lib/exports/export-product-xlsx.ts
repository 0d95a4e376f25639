import { buildExportFilename } from "./build-export-filename";
import { createXlsxStream, type TXlsxColumn } from "./create-xlsx-stream";
import { fileResponse, XLSX_CONTENT_TYPE } from "./file-response";
import { iterateHistoryRows } from "./iterate-history-rows";
import { iterateLatestRows } from "./iterate-latest-rows";
import { identitySheet } from "./identity-sheet";
import { loadExportScope } from "./load-export-scope";

/**
 * The Excel export of one product (productId) or of all the owner's products (null): sheets
 * 'Derniers prix' and 'Historique complet', streamed within retention, then 'Produits' (identification). Beyond
 * the CSV's columns (SPEC.md §3), the price sheets add the marketplace seller and the total with stated shipping.
 */
export async function exportProductXlsx(workspaceId: string, productId: string | null): Promise<Response> {
  const scope = await loadExportScope(workspaceId, productId);
  const lead: TXlsxColumn[] = productId === null ? ["product"] : [];
  const stream = createXlsxStream(
    [
      {
        name: "Derniers prix",
        columns: [...lead, "source", "url", "price", "date", "availability", "seller", "total"],
        rows: () => iterateLatestRows(scope.db, scope.urls, scope.cutoff),
      },
      {
        name: "Historique complet",
        columns: [...lead, "source", "url", "price", "date", "availability", "seller", "total"],
        rows: () => iterateHistoryRows(scope.db, scope.urls, scope.cutoff),
      },
    ],
    [identitySheet(scope.db, workspaceId, productId)],
  );
  const filename = buildExportFilename(productId === null ? "tous_les_produits" : scope.productName!, "export", "xlsx");
  return fileResponse(stream, filename, XLSX_CONTENT_TYPE);
}
