import { z } from "zod";

/**
 * "excel" (default) opens as-is in French Excel: UTF-8 BOM, ';' separator, decimal comma,
 * dd/mm/yyyy HH:mm in Europe/Paris. "standard" is RFC 4180: ',' separator, '.' decimals, ISO 8601 UTC dates.
 */
export const CSV_DIALECTS = ["excel", "standard"] as const;
export type TCsvDialect = (typeof CSV_DIALECTS)[number];

export const ZCsvExportQuery = z.object({
  dialect: z.enum(CSV_DIALECTS, { error: "Le dialecte doit être excel ou standard" }).default("excel"),
});
export type TCsvExportQuery = z.input<typeof ZCsvExportQuery>;

export const ZAllProductsCsvQuery = ZCsvExportQuery.extend({
  type: z.enum(["latest", "history"], { error: "Le type doit être latest ou history" }).default("latest"),
});
export type TAllProductsCsvQuery = z.input<typeof ZAllProductsCsvQuery>;
