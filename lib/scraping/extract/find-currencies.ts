import { CURRENCY_TOKENS, type TCurrencyToken } from "./currency-table";

export type TCurrencyMatch = { start: number; end: number; raw: string; info: TCurrencyToken };

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

const exact = new Map<string, TCurrencyToken>();
const folded = new Map<string, TCurrencyToken>();
for (const t of CURRENCY_TOKENS) {
  if (!exact.has(t.token)) exact.set(t.token, t);
  if (t.caseInsensitive && !folded.has(t.token.toLowerCase())) folded.set(t.token.toLowerCase(), t);
}

function buildRegex(tokens: string[], flags: string): RegExp {
  const sorted = [...new Set(tokens)].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(escapeRegex).join("|"), flags);
}

const SENSITIVE_RE = buildRegex(
  CURRENCY_TOKENS.map((t) => t.token),
  "gu",
);
const INSENSITIVE_RE = buildRegex(
  CURRENCY_TOKENS.filter((t) => t.caseInsensitive).map((t) => t.token),
  "giu",
);

const LETTER = /\p{L}/u;
const CJK = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const DIGIT = /[0-9]/;

function isLetter(ch: string | undefined): boolean {
  return ch !== undefined && LETTER.test(ch) && !CJK.test(ch);
}

// True when a digit sits right before or after [start, end), allowing a space, ":" or ",-" in between.
export function touchesNumber(text: string, start: number, end: number): boolean {
  let j = end;
  let skipped = 0;
  while (j < text.length && skipped < 2 && (text[j] === " " || text[j] === ":")) {
    j++;
    skipped++;
  }
  if (DIGIT.test(text[j] ?? "") || (text[j] === "." && DIGIT.test(text[j + 1] ?? ""))) return true;
  let i = start - 1;
  skipped = 0;
  while (i >= 0 && skipped < 3 && (text[i] === " " || text[i] === "-" || text[i] === "–" || text[i] === ",")) {
    i--;
    skipped++;
  }
  return DIGIT.test(text[i] ?? "");
}

function acceptable(text: string, start: number, end: number, info: TCurrencyToken): boolean {
  const first = info.token[0] ?? "";
  const last = info.token[info.token.length - 1] ?? "";
  if (isLetter(first) && isLetter(text[start - 1])) return false;
  if (isLetter(last) && isLetter(text[end])) return false;
  if (info.token === "R") {
    // South African rand only as a prefix glued to the number: "R1 299".
    if (!DIGIT.test(text[end] ?? "")) return false;
    if (start > 0 && text[start - 1] !== " ") return false;
  }
  if (info.needsNumber && !touchesNumber(text, start, end) && text.trim().length > info.token.length + 2) return false;
  return true;
}

// All currency tokens in text, leftmost first, longest match at each position.
export function findCurrencies(text: string): TCurrencyMatch[] {
  if (!text) return [];
  const found: TCurrencyMatch[] = [];
  const scan = (re: RegExp, lookup: (raw: string) => TCurrencyToken | undefined) => {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      const raw = m[0];
      const info = lookup(raw);
      const start = m.index;
      const end = start + raw.length;
      if (info && acceptable(text, start, end, info)) found.push({ start, end, raw, info });
      else if (raw.length > 1) re.lastIndex = start + 1;
    }
  };
  scan(SENSITIVE_RE, (raw) => exact.get(raw));
  scan(INSENSITIVE_RE, (raw) => folded.get(raw.toLowerCase()));
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: TCurrencyMatch[] = [];
  let lastEnd = -1;
  for (const f of found) {
    if (f.start < lastEnd) continue;
    out.push(f);
    lastEnd = f.end;
  }
  return out;
}
