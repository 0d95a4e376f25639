import { toCents } from "@/lib/core/money";

/** French order of names (what `localeCompare(…, "fr")` gives, without building a collator per comparison). */
export const compareFr = new Intl.Collator("fr").compare;

/**
 * Sorted by the chosen key (name ascending, numbers descending by default); lines without a value last. Each
 * line's key and label are computed once, not at every comparison.
 */
export function sortLines<T>(
  lines: T[],
  key: (l: T) => number | string | null,
  order: "asc" | "desc",
  label: (l: T) => string,
): T[] {
  const sign = order === "asc" ? 1 : -1;
  const keyed = lines.map((line) => ({ line, k: key(line), name: label(line) }));
  keyed.sort((a, b) => {
    const x = a.k;
    const y = b.k;
    if (x === null || y === null) return x === y ? compareFr(a.name, b.name) : x === null ? 1 : -1;
    const c = typeof x === "string" ? compareFr(x, String(y)) : x - (y as number);
    return c !== 0 ? sign * c : compareFr(a.name, b.name);
  });
  return keyed.map((l) => l.line);
}

export const basisPoints = (percent: string | null) => (percent === null ? null : toCents(percent));
