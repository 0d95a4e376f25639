import { decodeHTML } from "entities";

// Removes comments and trailing commas outside strings, and escapes raw control characters inside
// strings, so sloppy hand-written JSON-LD still parses.
function clean(src: string): string {
  let out = "";
  let inStr = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (inStr) {
      if (c === "\\") {
        out += c + (src[i + 1] ?? "");
        i++;
        continue;
      }
      if (c === '"') inStr = false;
      if (c === "\n" || c === "\r" || c === "\t") {
        out += " ";
        continue;
      }
      out += c;
      continue;
    }
    if (c === '"') {
      inStr = true;
      out += c;
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      i = end < 0 ? src.length : end + 1;
      continue;
    }
    if (c === ",") {
      let j = i + 1;
      while (j < src.length && /\s/.test(src[j] as string)) j++;
      if (src[j] === "}" || src[j] === "]") continue;
    }
    out += c;
  }
  return out;
}

function tryParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

// Never throws; returns undefined when nothing usable can be recovered.
export function parseJsonLenient(raw: string): unknown {
  if (!raw) return undefined;
  let s = raw
    .trim()
    .replace(/^<!\[CDATA\[|\]\]>$/g, "")
    .replace(/^<!--|-->$/g, "")
    .trim();
  if (!s) return undefined;
  let v = tryParse(s);
  if (v !== undefined) return v;
  s = clean(s);
  v = tryParse(s);
  if (v !== undefined) return v;
  if (/&(?:quot|amp|#\d+|#x[0-9a-f]+|lt|gt|apos);/i.test(s)) {
    v = tryParse(clean(decodeHTML(s)));
    if (v !== undefined) return v;
  }
  // Several objects back to back: {...}{...} or {...};{...}
  const joined = `[${s.replace(/}\s*;?\s*(?={)/g, "},")}]`;
  v = tryParse(joined);
  if (v !== undefined) return v;
  // Trailing junk after the first complete value.
  const end = matchingBrace(s);
  if (end > 0) return tryParse(s.slice(0, end + 1));
  return undefined;
}

function matchingBrace(s: string): number {
  let depth = 0;
  let inStr = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inStr) {
      if (c === "\\") i++;
      else if (c === '"') inStr = false;
      continue;
    }
    if (c === '"') inStr = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
