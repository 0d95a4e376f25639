import { FOLD_FROM, FOLD_TO } from "@/db/schema/products";

/** The search's folding of typed text, as products.search_text folds the product (lowercase, accents off). */
export function foldSearch(text: string): string {
  const lower = text.toLowerCase().replaceAll("œ", "oe").replaceAll("æ", "ae");
  let out = "";
  for (const ch of lower) {
    const at = FOLD_FROM.indexOf(ch);
    out += at === -1 ? ch : FOLD_TO[at];
  }
  return out;
}

/** A LIKE pattern matching `term` anywhere, its wildcards taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
