import type { TFeedTable } from "@/db/schema";
import { decodeText } from "@/lib/core/decode-text";
import { AppError } from "@/lib/errors/app-error";
import { readSheetTable } from "@/lib/products";
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

/** A known encoding label, lower-cased ('iso-8859-1', 'windows-1252', 'utf-8'…), else null. */
function knownEncoding(label: string | null | undefined): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim().toLowerCase()).encoding;
  } catch {
    return null;
  }
}

/**
 * An XML feed's text in its encoding: a byte-order mark first, then the HTTP charset of a URL feed, then the
 * XML declaration's `encoding` (French shop exports are often ISO-8859-1 or Windows-1252), else UTF-8. An HTTP
 * charset of UTF-8 on bytes that are not UTF-8 gives way to the declaration (servers often say UTF-8 by default).
 */
export function decodeXml(bytes: Uint8Array, httpCharset?: string | null): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const declared = knownEncoding(/^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1]);
  let encoding = bom ? "utf-8" : (knownEncoding(httpCharset) ?? declared ?? "utf-8");
  if (!bom && encoding === "utf-8" && declared && declared !== "utf-8") {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      encoding = declared;
    }
  }
  return (decodeText(bytes, encoding) ?? "").replaceAll("\u0000", "");
}

/**
 * A feed's table from its bytes: RSS/Atom XML when it starts with '<' (in its declared encoding), else the import's CSV/TSV/XLSX reader
 * (zip-bomb guards included). Anything else, or no column, is the French error of a 422 or of the run.
 */
export async function readFeedSource(
  bytes: Uint8Array,
  name: string,
  httpCharset?: string | null,
): Promise<{ table: TFeedTable; isXml: boolean }> {
  if (bytes.length === 0) throw new AppError("empty_file");
  if (looksXml(bytes)) return { table: parseFeedXml(decodeXml(bytes, httpCharset), MAX_FEED_ROWS), isXml: true };
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
    ...(r.numeric ? { numeric: r.numeric } : {}),
  }));
  return { table: { header, rows }, isXml: false };
}
