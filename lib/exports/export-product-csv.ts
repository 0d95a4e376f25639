import { buildExportFilename } from "./build-export-filename";
import { createCsvStream } from "./create-csv-stream";
import type { TCsvDialect } from "./schemas";
import { CSV_CONTENT_TYPE, fileResponse } from "./file-response";
import { iterateHistoryRows } from "./iterate-history-rows";
import { iterateLatestRows } from "./iterate-latest-rows";
import { loadExportScope } from "./load-export-scope";
import { AVAILABILITY_LABEL, date, money, text, type TCell } from "./csv-dialects";
import type { TExportRow } from "./export-rows";

// Both files (SPEC.md §3); 'Derniers prix' keeps the price of an unavailable offer and says it is unavailable
const EXPORT_HEADER = ["Source", "URL", "Prix", "Date", "Disponibilité"];

/** CSV cells of a row (SPEC.md §3 columns), with a leading "Produit" column for the all-products export. */
function rowCells(row: TExportRow, withProduct = false): TCell[] {
  const cells: TCell[] = [
    text(row.source),
    text(row.url),
    money(row.cents),
    date(row.createdAt),
    text(row.available === null ? null : AVAILABILITY_LABEL(row.available)),
  ];
  return withProduct ? [text(row.product ?? ""), ...cells] : cells;
}

/** Lazily maps an async iterable (nothing is read before the consumer asks). */
async function* mapAsync<T, U>(source: AsyncIterable<T>, fn: (item: T) => U): AsyncGenerator<U> {
  for await (const item of source) yield fn(item);
}

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
