// Windows-1252's characters at 0x80–0x9F (€, ’, œ, Œ, …); the five bytes it leaves undefined stay C1 controls.
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/**
 * Bytes as text in the encoding a label names ('ISO-8859-1', 'windows-1252', 'utf-8', …). The WHATWG reads
 * ISO-8859-1 as Windows-1252, but Node 20's decoder gives C1 controls for 0x80–0x9F: they are mapped here.
 * An unknown label is null.
 */
export function decodeText(bytes: Uint8Array, label: string): string | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label.trim().toLowerCase());
  } catch {
    return null;
  }
  const text = decoder.decode(bytes);
  if (decoder.encoding !== "windows-1252") return text;
  return text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}
