import { createCsvStream } from "@/lib/exports";
import {
  createCellsXlsxStream,
  decimal,
  money,
  type TCell,
  text,
  CSV_CONTENT_TYPE,
  fileResponse,
  XLSX_CONTENT_TYPE,
} from "@/lib/exports";
import type { TCsvDialect } from "@/lib/exports/schemas";
import { toCents } from "@/lib/core/money";
import { getOverview, type TOverviewLine } from "./get-overview";
import { BASIS_LABELS, POSITION_LABELS, type TBasis, type TOverviewQuery } from "./schemas";

const COLUMNS = [
  { header: "Produit", width: 32 },
  { header: "Mon prix", width: 14 },
  { header: "Position", width: 20 },
  { header: "Moins cher", width: 14 },
  { header: "Moyenne", width: 14 },
  { header: "Plus cher", width: 14 },
  { header: "Offres comparées", width: 10 },
  { header: "Marchand le moins cher", width: 28 },
  { header: "Écart au moins cher (€)", width: 14 },
  { header: "Écart au moins cher (%)", width: 14 },
  { header: "Écart à la moyenne (€)", width: 14 },
  { header: "Écart à la moyenne (%)", width: 14 },
  { header: "Indice prix", width: 12 },
  { header: "Ruptures", width: 10 },
  { header: "Vendeur le moins cher", width: 24 },
  { header: "Base de comparaison", width: 22 },
];
const FILENAME = "vue_marche";

function cells(l: TOverviewLine, basis: TBasis): TCell[] {
  return [
    text(l.name),
    money(toCents(l.my_price)),
    text(POSITION_LABELS[l.position]),
    money(toCents(l.market.min)),
    money(toCents(l.market.avg)),
    money(toCents(l.market.max)),
    decimal(String(l.market.count)),
    text(l.cheapest_merchants.map((m) => m.name).join(", ")),
    money(toCents(l.gap_to_cheapest)),
    decimal(l.gap_to_cheapest_percent),
    money(toCents(l.gap_to_average)),
    decimal(l.gap_to_average_percent),
    decimal(l.price_index),
    decimal(String(l.out_of_stock)),
    text([...new Set(l.cheapest_merchants.flatMap((m) => (m.seller ? [m.seller] : [])))].join(", ") || null),
    text(BASIS_LABELS[basis]),
  ];
}

/**
 * The overview table as shown (same filters, sort and basis: on "total" the market columns are prices with stated
 * shipping), as CSV in the chosen dialect or as XLSX; the cheapest offers' marketplace sellers, when any.
 */
export async function exportOverview(
  workspaceId: string,
  query: TOverviewQuery,
  format: { type: "csv"; dialect: TCsvDialect } | { type: "xlsx" },
): Promise<Response> {
  const { products, basis } = await getOverview(workspaceId, query);
  const rows = products.map((l) => cells(l, basis));
  if (format.type === "xlsx") {
    const stream = createCellsXlsxStream("Vue marché", COLUMNS, rows);
    return fileResponse(stream, `${FILENAME}.xlsx`, XLSX_CONTENT_TYPE);
  }
  async function* source() {
    yield* rows;
  }
  const stream = createCsvStream(
    COLUMNS.map((c) => c.header),
    source(),
    format.dialect,
  );
  return fileResponse(stream, `${FILENAME}.csv`, CSV_CONTENT_TYPE);
}
