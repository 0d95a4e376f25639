import { AppError } from "@/lib/errors/app-error";
import type { TImportFileRow } from "@/db/schema";
import { gtinFromNumber } from "@/lib/products/identity/gtin";
import { readSheetTable, type TSheetTable } from "./read-sheet-table";

/** One line of the file (the import keeps them as parsed: db/schema/imports.ts). */
export type TImportRow = TImportFileRow;

type Column = Exclude<keyof TImportRow, "line" | "eanError">;

export const MAX_IMPORT_ROWS = 10_000;

/** Header names, compared without case, accents, spaces or punctuation. */
export const IMPORT_ALIASES: Record<Column, string[]> = {
  product: ["produit", "produits", "product", "nomproduit", "nomduproduit", "productname"],
  description: ["description", "desc"],
  source: ["source", "nomsource", "nomdelasource", "sourcename", "site", "marchand", "enseigne"],
  url: ["url", "urls", "lien", "link", "adresse", "urlsource"],
  frequency: ["frequence", "frequency", "frequencedesuivi", "frequencesuivi", "trackingfrequency"],
  sku: ["sku", "reference", "ref", "referenceinterne", "mareference"],
  ean: ["ean", "eans", "gtin", "gtins", "ean13", "upc", "codeean", "codebarre", "codesbarres"],
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
    for (const [column, names] of Object.entries(IMPORT_ALIASES) as [Column, string[]][]) {
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

const tooManyRows = () =>
  new AppError("too_many_rows", {
    detail: `Le fichier dépasse la limite de ${MAX_IMPORT_ROWS.toLocaleString("fr-FR")} lignes`,
  });

/** The import's columns of the table's header, its rows with their line numbers. */
function toImportRows(table: TSheetTable): TImportRow[] {
  const header = mapHeader(table.header);
  const urlIndex = header.get("url");
  const eanIndex = header.get("ean");
  return table.rows.flatMap((r) => {
    const cells = urlIndex !== undefined && r.links?.[urlIndex] ? r.cells.with(urlIndex, r.links[urlIndex]) : r.cells;
    const row = toRow(cells, r.line, header);
    if (row && eanIndex !== undefined && row.ean && r.numeric?.includes(eanIndex)) {
      const gtin = gtinFromNumber(row.ean);
      if (gtin.ok) row.ean = gtin.code;
      else row.eanError = gtin.reason;
    }
    return row ? [row] : [];
  });
}

/**
 * The rows of an import file (CSV ';' or ',' or tab, UTF-8 with or without BOM, or XLSX first sheet), with
 * their line numbers in the file. Header names tolerate case and accents; blank lines are skipped.
 */
export async function parseImportFile(bytes: Uint8Array, filename: string): Promise<TImportRow[]> {
  return toImportRows(await readSheetTable(bytes, filename, { maxRows: MAX_IMPORT_ROWS, tooManyRows }));
}
