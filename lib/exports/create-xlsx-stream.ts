import { PassThrough, Readable } from "node:stream";
import type ExcelJS from "exceljs";
import type { TExportRow } from "./export-rows";
import { AVAILABILITY_LABEL, type TCell } from "./csv-dialects";
import { toParisWallClock } from "@/lib/core/paris-wall-clock";
import { toCents } from "@/lib/core/money";

export type TXlsxColumn = "product" | "source" | "url" | "price" | "date" | "availability" | "seller" | "total";

export type TXlsxSheet = { name: string; columns: TXlsxColumn[]; rows: () => AsyncIterable<TExportRow> };
/** A sheet of generic cells (the same cells as a CSV): money in euros, decimals as numbers. */
export type TXlsxCellsSheet = {
  name: string;
  columns: { header: string; width: number }[];
  rows: AsyncIterable<TCell[]> | Iterable<TCell[]>;
};

const COLUMNS: Record<TXlsxColumn, { header: string; width: number }> = {
  product: { header: "Produit", width: 32 },
  source: { header: "Source", width: 24 },
  url: { header: "URL", width: 60 },
  price: { header: "Prix", width: 14 },
  date: { header: "Date", width: 18 },
  availability: { header: "Disponibilité", width: 16 },
  seller: { header: "Vendeur", width: 24 },
  total: { header: "Total livraison comprise", width: 16 },
};

const DATE_FORMAT = "dd/mm/yyyy hh:mm";
// shown "1 299,99 €" by a French Excel: the file stores the invariant pattern, Excel localises the separators
const moneyFormat = (currency: string | null) => `#,##0.00 "${!currency || currency === "EUR" ? "€" : currency}"`;
const BACKLOG_BYTES = 1 << 20;

function cellValue(row: TExportRow, column: TXlsxColumn): ExcelJS.CellValue {
  switch (column) {
    case "product":
      return row.product ?? "";
    case "source":
      return row.source;
    case "url":
      return row.url;
    case "price":
      return row.cents === null ? null : row.cents / 100;
    case "date":
      return row.createdAt ? toParisWallClock(row.createdAt) : null;
    case "availability":
      return row.available === null ? null : AVAILABILITY_LABEL(row.available);
    case "seller":
      return row.seller ?? null;
    case "total": {
      const cents = toCents(row.total ?? null);
      return cents === null ? null : cents / 100;
    }
  }
}

async function waitForConsumer(out: PassThrough) {
  while (out.readableLength + out.writableLength > BACKLOG_BYTES && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        out.off("drain", done);
        resolve();
      };
      const timer = setTimeout(done, 25);
      out.once("drain", done);
    });
  }
}

/** Runs `write` on a streaming workbook and returns its bytes as they are committed. */
function streamWorkbook(write: (workbook: ExcelJS.stream.xlsx.WorkbookWriter, out: PassThrough) => Promise<void>) {
  const out = new PassThrough();
  // exceljs is loaded on the first export, not with every module that reaches lib/exports
  import("exceljs")
    .then(async ({ default: excel }) => {
      const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      workbook.creator = "VeillePrix";
      await write(workbook, out);
      await workbook.commit();
    })
    .catch((error: unknown) => {
      console.error("[export] flux XLSX interrompu", error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Partial<ExcelJS.Column>[]) {
  const ws = workbook.addWorksheet(name, { views: [{ state: "frozen", xSplit: 0, ySplit: 1 }] });
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  return ws;
}

async function pace(n: number, out: PassThrough) {
  if (n % 500 !== 0) return;
  await new Promise((resolve) => setImmediate(resolve));
  await waitForConsumer(out);
}

/**
 * An .xlsx byte stream written by exceljs's streaming WorkbookWriter: real number and date cells, a bold
 * header row, frozen panes, one sheet per export type. Rows are committed as they are read and the writer
 * waits when the consumer lags, so memory stays flat.
 */
export function createXlsxStream(sheets: TXlsxSheet[], more: TXlsxCellsSheet[] = []): ReadableStream<Uint8Array> {
  return streamWorkbook(async (workbook, out) => {
    for (const sheet of sheets) {
      const ws = addSheet(
        workbook,
        sheet.name,
        sheet.columns.map((c) => ({ header: COLUMNS[c].header, key: c, width: COLUMNS[c].width })),
      );
      const priceIndex = sheet.columns.indexOf("price") + 1;
      const totalIndex = sheet.columns.indexOf("total") + 1;
      const dateIndex = sheet.columns.indexOf("date") + 1;
      let n = 0;
      for await (const row of sheet.rows()) {
        const added = ws.addRow(sheet.columns.map((c) => cellValue(row, c)));
        if (priceIndex > 0) added.getCell(priceIndex).numFmt = moneyFormat(row.currency);
        if (totalIndex > 0) added.getCell(totalIndex).numFmt = moneyFormat(row.currency);
        if (dateIndex > 0) added.getCell(dateIndex).numFmt = DATE_FORMAT;
        added.commit();
        await pace(++n, out);
      }
      ws.commit();
    }
    for (const sheet of more) await writeCellsSheet(workbook, out, sheet);
  });
}

async function writeCellsSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, out: PassThrough, sheet: TXlsxCellsSheet) {
  const ws = addSheet(workbook, sheet.name, sheet.columns);
  let n = 0;
  for await (const cells of sheet.rows) {
    const added = ws.addRow(cells.map(xlsxValue));
    cells.forEach((cell, i) => {
      if (cell.kind === "money") added.getCell(i + 1).numFmt = moneyFormat("EUR");
      if (cell.kind === "date") added.getCell(i + 1).numFmt = DATE_FORMAT;
    });
    added.commit();
    await pace(++n, out);
  }
  ws.commit();
}

/** One sheet of generic cells. */
export function createCellsXlsxStream(
  name: string,
  columns: { header: string; width: number }[],
  rows: AsyncIterable<TCell[]> | Iterable<TCell[]>,
): ReadableStream<Uint8Array> {
  return streamWorkbook((workbook, out) => writeCellsSheet(workbook, out, { name, columns, rows }));
}

function xlsxValue(cell: TCell): ExcelJS.CellValue {
  switch (cell.kind) {
    case "money":
      return cell.cents === null ? null : cell.cents / 100;
    case "decimal":
      return cell.value === null ? null : Number(cell.value);
    case "date":
      return cell.value ? toParisWallClock(cell.value) : null;
    case "text":
      return cell.value;
  }
}
