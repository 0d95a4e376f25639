import { AVAILABILITY_LABEL, date, money, text, type TCell } from "./csv-dialects";
import type { TExportRow } from "./export-rows";

export const LATEST_HEADER = ["Source", "URL", "Prix", "Date"];
export const HISTORY_HEADER = ["Source", "URL", "Prix", "Date", "Disponibilité"];

/** CSV cells of a row (SPEC.md §3 columns), with a leading "Produit" column for the all-products export. */
export function rowCells(row: TExportRow, kind: "latest" | "history", withProduct = false): TCell[] {
  const cells: TCell[] = [text(row.source), text(row.url), money(row.cents), date(row.createdAt)];
  if (kind === "history") cells.push(text(row.available === null ? null : AVAILABILITY_LABEL(row.available)));
  return withProduct ? [text(row.product ?? ""), ...cells] : cells;
}
