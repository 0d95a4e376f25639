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

export const DIALECT_SETTINGS: Record<TCsvDialect, { separator: string; decimal: string; bom: boolean }> = {
  excel: { separator: ";", decimal: ",", bom: true },
  standard: { separator: ",", decimal: ".", bom: false },
};

/** One cell: text is neutralised against formula injection, prices stay numbers, dates follow the dialect. */
export type TCell =
  | { kind: "text"; value: string | null }
  | { kind: "money"; cents: number | null }
  | { kind: "date"; value: Date | null }
  | { kind: "decimal"; value: string | null };

export const text = (value: string | null | undefined): TCell => ({ kind: "text", value: value ?? null });
export const money = (cents: number | null): TCell => ({ kind: "money", cents });
export const date = (value: Date | null): TCell => ({ kind: "date", value });
/** A decimal string ("12.50", a percentage or an index): a number cell in the dialect's decimal mark. */
export const decimal = (value: string | null): TCell => ({ kind: "decimal", value });

export const AVAILABILITY_LABEL = (available: boolean) => (available ? "Disponible" : "Indisponible");
