import { formatVariation } from "@/lib/format";
import { centsToDecimal, toCents } from "@/lib/core/money";

/** SPEC.md §2 / §9: the history table shows at most 10 entries; the CSV holds the full history. */
export const HISTORY_TABLE_LIMIT = 10;

type TEntry = { price: string | number | null; kind?: string; corrected_by?: number | null };

/** A reading whose wrong value a correction replaced: shown for audit, never compared with. */
const isCorrected = (e: TEntry) => e.corrected_by != null;

export type TVariationRow<T> = T & {
  /** Signed decimal string ("-1.50"), null for the first reading or when it cannot be compared. */
  variation: string | null;
  /** "-x.xx €", "+x.xx €", "—" or "Premier relevé". */
  variation_label: string;
};

export type TVariationTable<T> = {
  rows: TVariationRow<T>[];
  /** Entries in the retained history (may exceed the entries passed in). */
  total: number;
  /** True when more than `limit` entries exist: show "Affichage des 10 derniers relevés sur N au total". */
  truncated: boolean;
};

/**
 * The rows of the history table from entries sorted newest first. Each row compares with the nearest older
 * entry that has a price; the oldest retained entry is "Premier relevé"; an entry without a price shows "—".
 * A corrected entry says "Corrigé" and is skipped by the others; a correction says "Prix corrigé" (not a move).
 * Pass one entry more than `limit` (and the full `total`) so the last shown row can be compared.
 */
export function computeVariations<T extends TEntry>(
  entries: T[],
  options: { limit?: number; total?: number } = {},
): TVariationTable<T> {
  const limit = options.limit ?? HISTORY_TABLE_LIMIT;
  const total = Math.max(options.total ?? entries.length, entries.length);
  const complete = entries.length >= total;
  const shown = entries.slice(0, limit);
  const rows = shown.map((entry, index) => {
    const current = toCents(entry.price);
    const isOldest = complete && index === entries.length - 1;
    if (isOldest) return { ...entry, variation: null, variation_label: formatVariation(null) };
    if (isCorrected(entry)) return { ...entry, variation: null, variation_label: "Corrigé" };
    if (entry.kind === "correction") return { ...entry, variation: null, variation_label: "Prix corrigé" };
    if (current === null) return { ...entry, variation: null, variation_label: "—" };
    let previous: number | null = null;
    for (let j = index + 1; j < entries.length && previous === null; j++)
      if (!isCorrected(entries[j]!)) previous = toCents(entries[j]!.price);
    if (previous === null) {
      // no older priced entry: the first price ever read, unless older entries were not passed in
      return { ...entry, variation: null, variation_label: complete ? formatVariation(null) : "—" };
    }
    const delta = centsToDecimal(current - previous);
    return { ...entry, variation: delta, variation_label: formatVariation(delta) };
  });
  return { rows, total, truncated: total > limit };
}
