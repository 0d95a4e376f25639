import type { TCsvDialect } from "./schemas";

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
