import { buildExportFilename } from "@/lib/exports";
import { createCsvStream } from "@/lib/exports";
import type { TCell } from "@/lib/exports";
import { CSV_CONTENT_TYPE, fileResponse } from "@/lib/exports";
import { getFeedRunOrThrow, iterateReportRows } from "./get-feed-run";
import { OUTCOME_LABELS } from "./labels";

const HEADER = ["Ligne", "Référence (SKU)", "Nom", "Résultat", "Motif", "Champs modifiés"];

/**
 * GET /api/feeds/{id}/runs/{runId}/report: the whole report as a CSV (Excel dialect), one line per row of the
 * feed and per gone product, in the screen's order (problems first), streamed; text that looks like a formula is
 * neutralised by the CSV writer.
 */
export async function feedReportCsv(workspaceId: string, feedId: string, runId: string) {
  const run = await getFeedRunOrThrow(workspaceId, feedId, runId);
  async function* cells(): AsyncIterable<TCell[]> {
    for await (const page of iterateReportRows(run.id, workspaceId)) {
      for (const r of page) {
        yield [
          { kind: "text", value: r.line === null ? "" : String(r.line) },
          { kind: "text", value: r.sku },
          { kind: "text", value: r.name },
          { kind: "text", value: r.outcome ? OUTCOME_LABELS[r.outcome] : "En attente" },
          { kind: "text", value: r.reason },
          { kind: "text", value: r.changes },
        ];
      }
    }
  }
  const filename = buildExportFilename("flux", `rapport_${run.createdAt.toISOString().slice(0, 10)}`, "csv");
  return fileResponse(createCsvStream(HEADER, cells(), "excel"), filename, CSV_CONTENT_TYPE);
}
