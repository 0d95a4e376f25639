import type { TFeedTable } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { readSheetTable } from "@/lib/products/import/read-sheet-table";
import { FEED_MSG, feedError } from "./messages";
import { parseFeedXml } from "./parse-feed-xml";

export const MAX_FEED_ROWS = 50_000;
/** A file uploaded or a URL's body: beyond it the source is refused before being parsed. */
export const MAX_FEED_BYTES = 25 * 1024 * 1024;

function looksXml(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8")
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("<");
}

/**
 * A feed's table from its bytes: RSS/Atom XML when it starts with '<', else the import's CSV/TSV/XLSX reader
 * (zip-bomb guards included). Anything else, or no column, is the French error of a 422 or of the run.
 */
export async function readFeedSource(bytes: Uint8Array, name: string): Promise<{ table: TFeedTable; isXml: boolean }> {
  if (bytes.length === 0) throw new AppError("empty_file");
  if (looksXml(bytes)) {
    const text = new TextDecoder("utf-8").decode(bytes).replaceAll("\u0000", "");
    return { table: parseFeedXml(text, MAX_FEED_ROWS), isXml: true };
  }
  if (bytes.subarray(0, 4096).includes(0) && !(bytes[0] === 0x50 && bytes[1] === 0x4b)) {
    throw feedError(FEED_MSG.unreadable);
  }
  const sheet = await readSheetTable(bytes, name, {
    maxRows: MAX_FEED_ROWS,
    tooManyRows: () => feedError(FEED_MSG.tooManyRows(MAX_FEED_ROWS)),
    delimiter: /\.tsv$/i.test(name) ? "\t" : undefined,
  });
  const header = sheet.header.map((h) => h.replaceAll("\u0000", "").trim());
  if (header.filter(Boolean).length < 2) throw feedError(FEED_MSG.unreadable);
  const rows = sheet.rows.map((r) => ({
    line: r.line,
    cells: r.cells.map((c, i) => (r.links?.[i] ?? c).replaceAll("\u0000", "")),
  }));
  return { table: { header, rows }, isXml: false };
}
