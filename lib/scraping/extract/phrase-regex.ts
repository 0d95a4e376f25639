// Phrase lists are kept per language, one regex fragment per phrase, so a language can be added or a
// phrase found without reading a 1,000-character regex. Fragments are regex literals: only their
// source is used, so \b, lookarounds and groups work as written; flags come from the compiled regex.
export type TPhraseTable = Readonly<Record<string, readonly RegExp[]>>;

/** One regex matching any phrase of any language; `wrap` places the alternation in a larger pattern. */
export function phraseRegex(
  table: TPhraseTable,
  wrap: (alternation: string) => string = (a) => a,
  flags = "i",
): RegExp {
  const alternation = Object.values(table)
    .flat()
    .map((fragment) => fragment.source)
    .join("|");
  return new RegExp(wrap(alternation), flags);
}
