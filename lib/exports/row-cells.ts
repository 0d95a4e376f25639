import { AVAILABILITY_LABEL, date, money, text, type TCell } from "./csv-dialects";
import type { TExportRow } from "./export-rows";

// Both files (SPEC.md §3); 'Derniers prix' keeps the price of an unavailable offer and says it is unavailable
export const EXPORT_HEADER = ["Source", "URL", "Prix", "Date", "Disponibilité"];

/** CSV cells of a row (SPEC.md §3 columns), with a leading "Produit" column for the all-products export. */
export function rowCells(row: TExportRow, withProduct = false): TCell[] {
  const cells: TCell[] = [
    text(row.source),
    text(row.url),
    money(row.cents),
    date(row.createdAt),
    text(row.available === null ? null : AVAILABILITY_LABEL(row.available)),
  ];
  return withProduct ? [text(row.product ?? ""), ...cells] : cells;
}
