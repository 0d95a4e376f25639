import { toCents } from "@/lib/history/money";

/** Sorted by the chosen key (name ascending, numbers descending by default); lines without a value last. */
export function sortLines<T>(
  lines: T[],
  key: (l: T) => number | string | null,
  order: "asc" | "desc",
  label: (l: T) => string,
): T[] {
  const sign = order === "asc" ? 1 : -1;
  const tie = (a: T, b: T) => label(a).localeCompare(label(b), "fr");
  return [...lines].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? tie(a, b) : x === null ? 1 : -1;
    const c = typeof x === "string" ? x.localeCompare(String(y), "fr") : x - (y as number);
    return c !== 0 ? sign * c : tie(a, b);
  });
}

export const basisPoints = (percent: string | null) => (percent === null ? null : toCents(percent));
