import { FEED_FIELDS, type TFeedFormat, type TFeedMapping, type TFeedRow, type TFeedTable } from "@/db/schema";
import { gtinFromNumber } from "@/lib/products";
import { headerKey } from "@/lib/products";

/** Shopify repeats a product over its variants' and images' rows: these fields come from its first row. */
const SHOPIFY_SHARED = ["name", "description", "brand", "category", "tags", "image"] as const;

/** '1 299,00 EUR', '€12.50', '12.50 EUR' → '1299,00', '12.50', '12.50': the amount a price schema reads. */
function amount(value: string): string {
  return value.replace(/[\s\u00a0\u202f]|EUR|€/gi, "");
}

/** WooCommerce and PrestaShop list several categories or images in one cell: the first one counts. */
const firstOfList = (value: string) => value.split(",")[0]!.trim();

/**
 * The table's rows as feed rows, each field read from the column the mapping names (blank when none). Shopify's
 * variant rows take their product's name and other shared fields, and rows that are only an extra image of a
 * product are not rows of the catalogue. An EAN from a numeric XLSX cell gets its leading zeros back.
 */
export function mapFeedRows(table: TFeedTable, format: TFeedFormat, mapping: TFeedMapping): TFeedRow[] {
  const index = new Map(table.header.map((h, i) => [h, i] as const));
  const col = (name: string | null) => (name === null ? undefined : index.get(name));
  const columns = FEED_FIELDS.map((f) => [f, col(mapping[f])] as const);
  const keyIndex = (key: string) => table.header.findIndex((h) => headerKey(h) === key);
  const handle = format === "shopify" ? keyIndex("handle") : -1;
  const option = format === "shopify" ? keyIndex("option1value") : -1;
  const shared = new Map<string, TFeedRow>();
  const out: TFeedRow[] = [];
  const eanColumn = col(mapping.ean);
  for (const { line, cells, numeric } of table.rows) {
    const row = { line } as TFeedRow;
    for (const [field, i] of columns) row[field] = i === undefined ? "" : (cells[i] ?? "").trim();
    if (row.ean && eanColumn !== undefined && numeric?.includes(eanColumn)) {
      const gtin = gtinFromNumber(row.ean);
      if (gtin.ok) row.ean = gtin.code;
      else row.ean_error = gtin.reason;
    }
    if (handle >= 0) {
      const key = cells[handle]?.trim() ?? "";
      const first = shared.get(key);
      if (first) for (const f of SHOPIFY_SHARED) row[f] ||= first[f];
      else if (key) shared.set(key, row);
      if (!row.sku && !row.reference_price && first) continue;
      const variant = option >= 0 ? (cells[option] ?? "").trim() : "";
      if (first && variant && variant !== "Default Title") row.name = `${row.name} – ${variant}`;
    }
    if (format === "woocommerce" || format === "prestashop") {
      row.image = firstOfList(row.image);
      row.category = firstOfList(row.category);
    }
    for (const f of ["cost_price", "reference_price", "min_price"] as const) row[f] = amount(row[f]);
    out.push(row);
  }
  return out;
}
