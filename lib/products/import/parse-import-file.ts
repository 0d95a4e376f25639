import ExcelJS from "exceljs";
import Papa from "papaparse";
import { AppError } from "@/lib/errors/app-error";
import type { TImportFileRow } from "@/db/schema";
import { readXlsxArchive } from "./read-xlsx-archive";

/** One line of the file (the import keeps them as parsed: db/schema/imports.ts). */
export type TImportRow = TImportFileRow;

type Column = Exclude<keyof TImportRow, "line">;

export const MAX_IMPORT_ROWS = 10_000;

/** Header names, compared without case, accents, spaces or punctuation. */
const ALIASES: Record<Column, string[]> = {
  product: ["produit", "produits", "product", "nomproduit", "nomduproduit", "productname"],
  description: ["description", "desc"],
  source: ["source", "nomsource", "nomdelasource", "sourcename", "site", "marchand", "enseigne"],
  url: ["url", "urls", "lien", "link", "adresse", "urlsource"],
  frequency: ["frequence", "frequency", "frequencedesuivi", "frequencesuivi", "trackingfrequency"],
  sku: ["sku", "reference", "ref", "referenceinterne", "mareference"],
  ean: ["ean", "eans", "gtin", "gtins", "ean13", "codeean", "codebarre", "codesbarres"],
  brand: ["marque", "brand"],
  mpn: ["mpn", "referencefabricant", "reffabricant"],
  category: ["categorie", "category", "rayon"],
  tags: ["tags", "tag", "etiquettes", "etiquette"],
  image: ["image", "imageurl", "urlimage", "photo"],
  costPrice: ["prixachat", "prixdachat", "prixachatht", "coutachat", "costprice"],
  referencePrice: ["monprix", "prixdevente", "prixreference", "referenceprice"],
  minPrice: ["prixminimum", "prixminimumannonce", "pma", "map", "minadvertisedprice"],
};
const REQUIRED: Column[] = ["product", "source", "url"];
/** The identity columns: kept in a row only when the file has them. */
const OPTIONAL: Column[] = [
  "sku",
  "ean",
  "brand",
  "mpn",
  "category",
  "tags",
  "image",
  "costPrice",
  "referencePrice",
  "minPrice",
];
const FRENCH: Record<Column, string> = {
  product: "produit",
  description: "description",
  source: "source",
  url: "url",
  frequency: "frequence",
  sku: "sku",
  ean: "ean",
  brand: "marque",
  mpn: "mpn",
  category: "categorie",
  tags: "tags",
  image: "image",
  costPrice: "prix_achat",
  referencePrice: "mon_prix",
  minPrice: "prix_minimum",
};

export const headerKey = (h: string) =>
  h
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

function mapHeader(cells: string[]): Map<Column, number> {
  const map = new Map<Column, number>();
  cells.forEach((cell, index) => {
    const key = headerKey(cell);
    for (const [column, names] of Object.entries(ALIASES) as [Column, string[]][]) {
      if (names.includes(key) && !map.has(column)) map.set(column, index);
    }
  });
  const missing = REQUIRED.filter((c) => !map.has(c));
  if (missing.length > 0) {
    throw new AppError("invalid_columns", {
      detail:
        `Colonnes manquantes : ${missing.map((c) => FRENCH[c]).join(", ")}. Colonnes attendues : produit, ` +
        `description, source, url, frequence ; facultatives : ${OPTIONAL.map((c) => FRENCH[c]).join(", ")}.`,
    });
  }
  return map;
}

function toRow(cells: string[], line: number, header: Map<Column, number>): TImportRow | null {
  const get = (c: Column) => {
    const i = header.get(c);
    // PostgreSQL text cannot hold U+0000
    return i === undefined ? "" : (cells[i] ?? "").replaceAll("\u0000", "").trim();
  };
  const row = {
    line,
    product: get("product"),
    description: get("description"),
    source: get("source"),
    url: get("url"),
    frequency: get("frequency"),
    ...Object.fromEntries(OPTIONAL.filter((c) => header.has(c)).map((c) => [c, get(c)])),
  };
  // a blank line is not a row
  return Object.values(row).some((v) => typeof v === "string" && v !== "") ? row : null;
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes); // drops a BOM
  } catch {
    return new TextDecoder("windows-1252").decode(bytes); // Excel's "CSV" export on French Windows
  }
}

/** ';', ',' or tab: whichever the header line uses most. */
function guessDelimiter(text: string): string {
  const first = text.slice(0, text.indexOf("\n") === -1 ? undefined : text.indexOf("\n"));
  const counts = [";", ",", "\t"].map((d) => [d, first.split(d).length - 1] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

function parseCsv(bytes: Uint8Array): TImportRow[] {
  const text = decode(bytes).replace(/\r\n?/g, "\n");
  let header: Map<Column, number> | null = null;
  const rows: TImportRow[] = [];
  let cursor = 0;
  let line = 1;
  let failure: unknown = null;
  Papa.parse<string[]>(text, {
    delimiter: guessDelimiter(text),
    step: (result, parser) => {
      const startLine = line;
      const end = result.meta.cursor;
      for (let i = cursor; i < end; i++) if (text.charCodeAt(i) === 10) line++;
      cursor = end;
      const cells = result.data;
      try {
        if (!header) {
          if (cells.every((c) => c.trim() === "")) return;
          header = mapHeader(cells);
          return;
        }
        const row = toRow(cells, startLine, header);
        if (row) rows.push(row);
        if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
      } catch (error) {
        failure = error;
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
  if (!header) throw new AppError("empty_file");
  return rows;
}

const tooManyRows = () =>
  new AppError("too_many_rows", {
    detail: `Le fichier dépasse la limite de ${MAX_IMPORT_ROWS.toLocaleString("fr-FR")} lignes`,
  });

function cellText(value: ExcelJS.CellValue, preferLink: boolean): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "object") return String(value);
  if ("hyperlink" in value)
    return preferLink && value.hyperlink ? String(value.hyperlink) : cellText(value.text as ExcelJS.CellValue, false);
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("result" in value) return cellText(value.result as ExcelJS.CellValue, preferLink);
  if ("error" in value) return "";
  return String(value);
}

async function parseXlsx(bytes: Uint8Array): Promise<TImportRow[]> {
  const verified = await readXlsxArchive(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(verified as unknown as ArrayBuffer);
  } catch {
    throw new AppError("invalid_file");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError("empty_file");
  let header: Map<Column, number> | null = null;
  const rows: TImportRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const width = Math.max(row.cellCount, 1);
    if (!header) {
      const cells = Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value, false));
      if (cells.every((c) => c.trim() === "")) return;
      header = mapHeader(cells);
      return;
    }
    const urlIndex = header.get("url");
    const cells = Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value, i === urlIndex));
    const parsed = toRow(cells, rowNumber, header);
    if (parsed) rows.push(parsed);
    if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
  });
  if (!header) throw new AppError("empty_file");
  return rows;
}

/**
 * The rows of an import file (CSV ';' or ',' or tab, UTF-8 with or without BOM, or XLSX first sheet), with
 * their line numbers in the file. Header names tolerate case and accents; blank lines are skipped.
 */
export async function parseImportFile(bytes: Uint8Array, filename: string): Promise<TImportRow[]> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (isZip || /\.xlsx$/i.test(filename)) return parseXlsx(bytes);
  if (/\.(xls|ods|numbers)$/i.test(filename) || (bytes[0] === 0xd0 && bytes[1] === 0xcf)) {
    throw new AppError("unsupported_format");
  }
  return parseCsv(bytes);
}
