import { formatParisDateTime } from "@/lib/core/paris-wall-clock";
import { centsToDecimal } from "@/lib/core/money";
import { DIALECT_SETTINGS, type TCell } from "./csv-dialects";
import type { TCsvDialect } from "./schemas";

// a tab or CR, or a formula sign after blanks or an opening quote
const FORMULA_START = /^[\t\r]|^[\s"]*[=+\-@]/;

/**
 * Text that a spreadsheet would run as a formula gets a leading single quote (OWASP CSV injection), in every
 * piece a spreadsheet could make a cell of: split on either separator (`;` or `,`, whatever the dialect, as a
 * file is often opened with the other one) or on a line break.
 */
export function neutraliseFormula(value: string): string {
  return value
    .split(/([;,\n])/)
    .map((part, i) => (i % 2 === 0 && FORMULA_START.test(part) ? `'${part}` : part))
    .join("");
}

function quote(value: string, separator: string): string {
  if (value.includes(separator) || /["\r\n]/.test(value)) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

function cellText(cell: TCell, dialect: TCsvDialect): string {
  const { decimal } = DIALECT_SETTINGS[dialect];
  switch (cell.kind) {
    case "money":
      // a number, never prefixed: spreadsheets read it as a value
      return cell.cents === null ? "" : centsToDecimal(cell.cents).replace(".", decimal);
    case "decimal":
      return cell.value === null ? "" : cell.value.replace(".", decimal);
    case "date":
      if (!cell.value) return "";
      return dialect === "excel" ? formatParisDateTime(cell.value) : cell.value.toISOString();
    case "text":
      return cell.value === null ? "" : neutraliseFormula(cell.value);
  }
}

/** One CSV record (without line break) in the given dialect. */
export function formatCsvRow(cells: TCell[], dialect: TCsvDialect): string {
  const { separator } = DIALECT_SETTINGS[dialect];
  return cells.map((cell) => quote(cellText(cell, dialect), separator)).join(separator);
}
