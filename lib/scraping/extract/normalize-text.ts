// One canonical form for price text: every space-like character becomes " ", apostrophe-like marks
// become "'", full-width and Arabic-Indic digits become ASCII. Length may shrink (collapsed spaces).
const SPACE_RE = /[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;
const INVISIBLE_RE = /[\u200B-\u200D\u200E\u200F\u2060\uFEFF\u00AD]/g;
const APOS_RE = /[’‘ʼ′´`ʹ]/g;

export function normalizeText(input: string): string {
  let s = input.replace(INVISIBLE_RE, "").replace(APOS_RE, "'");
  if (/[\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9\uFF0C\uFF0E\u066B\u066C]/.test(s)) {
    s = s
      .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48))
      .replace(/[\u0660-\u0669]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x0660 + 48))
      .replace(/[\u06F0-\u06F9]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x06f0 + 48))
      .replace(/[\uFF0C\u066C]/g, ",")
      .replace(/[\uFF0E\u066B]/g, ".");
  }
  return s.replace(SPACE_RE, " ").trim();
}
