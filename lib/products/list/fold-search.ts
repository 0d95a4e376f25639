import { type SQL, sql } from "drizzle-orm";
import { FOLD_FROM, FOLD_TO } from "@/db/schema/products";

/** The search's folding of typed text, as products.search_text folds the product (lowercase, accents off). */
function foldSearch(text: string): string {
  const lower = text.toLowerCase().replaceAll("œ", "oe").replaceAll("æ", "ae");
  let out = "";
  for (const ch of lower) {
    const at = FOLD_FROM.indexOf(ch);
    out += at === -1 ? ch : FOLD_TO[at];
  }
  return out;
}

/** A LIKE pattern matching `term` anywhere, its wildcards taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The products search (name, SKU, brand, MPN, EAN; case and accents folded): each of the first 10 words of `text`
 * within `products.search_text` of the products aliased `alias` (products_search_idx, trigrams); none for no word.
 */
export function searchMatch(alias: string, text: string | undefined): SQL[] {
  return foldSearch(text ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10)
    .map((word) => sql`${sql.raw(alias)}.search_text like ${containsPattern(word)}`);
}
