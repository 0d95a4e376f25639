import { sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";
import { toCents } from "@/lib/core/money";
import { money, text, type TCell } from "./csv-dialects";
import type { TXlsxCellsSheet } from "./create-xlsx-stream";

type Row = {
  name: string;
  sku: string | null;
  gtins: string | null;
  brand: string | null;
  mpn: string | null;
  category: string | null;
  tags: string | null;
  image_url: string | null;
  cost_price: string | null;
  reference_price: string | null;
  min_advertised_price: string | null;
};

const COLUMNS = [
  { header: "Produit", width: 32 },
  { header: "SKU", width: 18 },
  { header: "EAN", width: 18 },
  { header: "Marque", width: 18 },
  { header: "MPN", width: 16 },
  { header: "Catégorie", width: 32 },
  { header: "Étiquettes", width: 24 },
  { header: "Image", width: 40 },
  { header: "Prix d'achat HT", width: 14 },
  { header: "Mon prix", width: 14 },
  { header: "Prix minimum annoncé", width: 14 },
];

const PRODUCTS_PER_QUERY = 1000;

async function* identityRows(db: DbLike, workspaceId: string, productId: string | null): AsyncGenerator<TCell[]> {
  // keyset pages in the exports' order (name, id): flat memory at any catalogue size
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const rows: (Row & { id: string })[] = await queryRows<Row & { id: string }>(
      db,
      sql`select p.id, p.name, p.sku, p.brand, p.mpn, p.category, array_to_string(p.tags, ', ') as tags,
                 p.image_url, p.cost_price, p.reference_price, p.min_advertised_price,
                 (select string_agg(g.code, ', ' order by g.position) from product_gtins g
                   where g.product_id = p.id) as gtins
            from products p
           where p.workspace_id = ${workspaceId}
             ${productId === null ? sql`` : sql`and p.id = ${productId}`}
             ${after === null ? sql`` : sql`and (p.name, p.id) > (${after.name}, ${after.id}::uuid)`}
           order by p.name, p.id
           limit ${PRODUCTS_PER_QUERY}`,
    );
    for (const r of rows) {
      yield [
        text(r.name),
        text(r.sku),
        text(r.gtins),
        text(r.brand),
        text(r.mpn),
        text(r.category),
        text(r.tags),
        text(r.image_url),
        money(toCents(r.cost_price)),
        money(toCents(r.reference_price)),
        money(toCents(r.min_advertised_price)),
      ];
    }
    if (rows.length < PRODUCTS_PER_QUERY) return;
    const last = rows.at(-1)!;
    after = { name: last.name, id: last.id };
  }
}

/**
 * The XLSX sheet 'Produits': each product's identification and prices. Only in the XLSX: SPEC.md §3 fixes
 * the CSV files' columns.
 */
export function identitySheet(db: DbLike, workspaceId: string, productId: string | null): TXlsxCellsSheet {
  return { name: "Produits", columns: COLUMNS, rows: identityRows(db, workspaceId, productId) };
}
