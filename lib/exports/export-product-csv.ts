import { buildExportFilename } from "./build-export-filename";
import { createCsvStream } from "./create-csv-stream";
import type { TCsvDialect } from "./csv-dialects";
import { CSV_CONTENT_TYPE, fileResponse } from "./file-response";
import { iterateHistoryRows } from "./iterate-history-rows";
import { iterateLatestRows } from "./iterate-latest-rows";
import { loadExportScope } from "./load-export-scope";
import { mapAsync } from "./map-async";
import { EXPORT_HEADER, rowCells } from "./row-cells";

const SUFFIX = { latest: "derniers_prix", history: "historique_complet" } as const;

/**
 * The CSV exports of SPEC.md §3 for one product ('Derniers prix' or 'Historique complet'), or for all the
 * owner's products at once (productId null, with a leading 'Produit' column), streamed within retention.
 */
export async function exportProductCsv(
  workspaceId: string,
  productId: string | null,
  kind: "latest" | "history",
  dialect: TCsvDialect,
): Promise<Response> {
  const scope = await loadExportScope(workspaceId, productId);
  const all = productId === null;
  const rows =
    kind === "history"
      ? iterateHistoryRows(scope.db, scope.urls, scope.cutoff)
      : iterateLatestRows(scope.db, scope.urls, scope.cutoff);
  const stream = createCsvStream(
    all ? ["Produit", ...EXPORT_HEADER] : EXPORT_HEADER,
    mapAsync(rows, (row) => rowCells(row, all)),
    dialect,
  );
  const filename = buildExportFilename(all ? "tous_les_produits" : scope.productName!, SUFFIX[kind], "csv");
  return fileResponse(stream, filename, CSV_CONTENT_TYPE);
}
