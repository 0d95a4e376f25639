import type ExcelJS from "exceljs";
import Papa from "papaparse";
import { decodeText } from "@/lib/core/decode-text";
import { AppError } from "@/lib/errors/app-error";
import { readXlsxArchive } from "./read-xlsx-archive";

/**
 * One non-blank line of a sheet: its cells as text, an XLSX cell's hyperlink where it has one, and the columns
 * whose XLSX cell holds a number (an EAN typed as a number has lost its leading zeros).
 */
export type TSheetRow = { line: number; cells: string[]; links?: (string | undefined)[]; numeric?: number[] };
/** The first non-blank line (the header) and the lines after it. */
export type TSheetTable = { header: string[]; rows: TSheetRow[] };

type TReadOptions = { maxRows: number; tooManyRows: () => Error; delimiter?: string };

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === "");

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes); // drops a BOM
  } catch {
    return decodeText(bytes, "windows-1252")!; // Excel's "CSV" export on French Windows
  }
}

/** ';', ',' or tab: whichever the header line uses most. */
function guessDelimiter(text: string): string {
  const first = text.slice(0, text.indexOf("\n") === -1 ? undefined : text.indexOf("\n"));
  const counts = [";", ",", "\t"].map((d) => [d, first.split(d).length - 1] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

function readCsv(bytes: Uint8Array, options: TReadOptions): TSheetTable {
  const text = decode(bytes).replace(/\r\n?/g, "\n");
  let header: string[] | null = null;
  const rows: TSheetRow[] = [];
  let cursor = 0;
  let line = 1;
  let failure: unknown = null;
  Papa.parse<string[]>(text, {
    delimiter: options.delimiter ?? guessDelimiter(text),
    step: (result, parser) => {
      const startLine = line;
      const end = result.meta.cursor;
      for (let i = cursor; i < end; i++) if (text.charCodeAt(i) === 10) line++;
      cursor = end;
      const cells = result.data;
      if (isBlank(cells)) return;
      if (!header) {
        header = cells;
        return;
      }
      rows.push({ line: startLine, cells });
      if (rows.length > options.maxRows) {
        failure = options.tooManyRows();
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
  if (!header) throw new AppError("empty_file");
  return { header, rows };
}

function cellText(value: ExcelJS.CellValue, preferLink: boolean): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "object") return String(value);
  if ("hyperlink" in value)
    return preferLink && value.hyperlink ? String(value.hyperlink) : cellText(value.text as ExcelJS.CellValue, false);
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  // a formula counts by its cached result, never evaluated here
  if ("result" in value) return cellText(value.result as ExcelJS.CellValue, preferLink);
  if ("error" in value) return "";
  return String(value);
}

const isNumber = (value: ExcelJS.CellValue): boolean =>
  typeof value === "number" ||
  (value !== null && typeof value === "object" && "result" in value && typeof value.result === "number");

async function readXlsx(bytes: Uint8Array, options: TReadOptions): Promise<TSheetTable> {
  const verified = await readXlsxArchive(bytes);
  const { default: excel } = await import("exceljs");
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(verified as unknown as ArrayBuffer);
  } catch {
    throw new AppError("invalid_file");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError("empty_file");
  let header: string[] | null = null;
  const rows: TSheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = Array.from({ length: Math.max(row.cellCount, 1) }, (_, i) => row.getCell(i + 1).value);
    const cells = values.map((v) => cellText(v, false));
    if (isBlank(cells)) return;
    if (!header) {
      header = cells;
      return;
    }
    const linked = values.map((v) => (v && typeof v === "object" && "hyperlink" in v ? cellText(v, true) : undefined));
    const numeric = values.flatMap((v, i) => (isNumber(v) ? [i] : []));
    rows.push({
      line: rowNumber,
      cells,
      ...(linked.some(Boolean) ? { links: linked } : {}),
      ...(numeric.length ? { numeric } : {}),
    });
    if (rows.length > options.maxRows) throw options.tooManyRows();
  });
  if (!header) throw new AppError("empty_file");
  return { header, rows };
}

/**
 * The table of a CSV (';' or ',' or tab, UTF-8 with or without BOM, else Windows-1252) or XLSX file (first sheet,
 * archive checked against zip bombs first), blank lines skipped; more than `maxRows` rows is `tooManyRows()`.
 */
export async function readSheetTable(bytes: Uint8Array, filename: string, options: TReadOptions): Promise<TSheetTable> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (isZip || /\.xlsx$/i.test(filename)) return readXlsx(bytes, options);
  if (/\.(xls|ods|numbers)$/i.test(filename) || (bytes[0] === 0xd0 && bytes[1] === 0xcf)) {
    throw new AppError("unsupported_format");
  }
  return readCsv(bytes, options);
}
