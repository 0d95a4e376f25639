// htmlparser2 keeps its open-element stack with Array#unshift, so parsing is quadratic in nesting
// depth: 100k nested tags take tens of seconds. Pathological documents are flattened before parsing
// by dropping the tags (not the text) nested beyond MAX_DEPTH. Normal pages are returned untouched.

const MAX_DEPTH = 2000;
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr", "keygen", "command"]);
// Often left unclosed in valid HTML: not counted, so they cannot inflate the depth estimate.
const LOOSE = new Set(["p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "tbody", "thead", "tfoot", "colgroup", "rb", "rt", "rp"]);
const RAW = new Set(["script", "style", "textarea", "title", "xmp", "noscript", "template"]);

type TTag = { start: number; end: number; nameEnd: number; name: string; closing: boolean; counted: boolean };

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function* tags(html: string): Generator<TTag> {
  let i = html.indexOf("<");
  while (i >= 0 && i < html.length - 1) {
    const next = html.charCodeAt(i + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      const close = html.startsWith("<!--", i) ? html.indexOf("-->", i + 4) : html.indexOf(">", i + 2);
      if (close < 0) return;
      i = html.indexOf("<", close + 1);
      continue;
    }
    const closing = next === 47; /* / */
    const nameStart = i + (closing ? 2 : 1);
    if (!isLetter(html.charCodeAt(nameStart))) {
      i = html.indexOf("<", i + 1);
      continue;
    }
    let j = nameStart;
    while (j < html.length) {
      const c = html.charCodeAt(j);
      if (c === 62 || c === 47 || c === 32 || c === 9 || c === 10 || c === 13 || c === 12) break;
      j++;
    }
    const name = html.slice(nameStart, j).toLowerCase();
    const end = html.indexOf(">", j);
    if (end < 0) return;
    const selfClosing = html.charCodeAt(end - 1) === 47;
    const counted = !VOID.has(name) && !LOOSE.has(name) && !(selfClosing && !closing);
    yield { start: i, end: end + 1, nameEnd: j, name, closing, counted };
    if (!closing && RAW.has(name)) {
      const lower = html.indexOf(`</${name}`, end);
      const stop = lower >= 0 ? lower : html.indexOf(`</${name.toUpperCase()}`, end);
      i = stop < 0 ? -1 : stop;
      continue;
    }
    i = html.indexOf("<", end);
  }
}

// Tag-name classes for exceedsDepth, looked up without allocating: candidates are bucketed by
// (length, first char) and compared in place with startsWith.
const K_COUNTED = 0;
const K_UNCOUNTED = 1; // VOID or LOOSE
const K_RAW = 2; // counted, and its content is skipped
const BUCKETS: Array<Array<[string, number]> | undefined> = [];
for (const [set, kind] of [[VOID, K_UNCOUNTED], [LOOSE, K_UNCOUNTED], [RAW, K_RAW]] as const) {
  for (const name of set) {
    const key = name.length * 128 + name.charCodeAt(0);
    (BUCKETS[key] ??= []).push([name, kind]);
  }
}

function tagKind(html: string, start: number, len: number, hasUpper: boolean): number {
  if (len > 8) return K_COUNTED;
  if (hasUpper) {
    const name = html.slice(start, start + len).toLowerCase();
    return VOID.has(name) || LOOSE.has(name) ? K_UNCOUNTED : RAW.has(name) ? K_RAW : K_COUNTED;
  }
  const bucket = BUCKETS[len * 128 + html.charCodeAt(start)];
  if (bucket === undefined) return K_COUNTED;
  for (const [name, kind] of bucket) if (html.startsWith(name, start)) return kind;
  return K_COUNTED;
}

// Tight variant of tags() for the common path: no allocation per tag, stops once MAX_DEPTH is passed.
function exceedsDepth(html: string): boolean {
  let depth = 0;
  let i = html.indexOf("<");
  const n = html.length;
  while (i >= 0 && i < n - 1) {
    const next = html.charCodeAt(i + 1);
    if (next === 33 || next === 63) {
      const close = html.startsWith("<!--", i) ? html.indexOf("-->", i + 4) : html.indexOf(">", i + 2);
      if (close < 0) return false;
      i = html.indexOf("<", close + 1);
      continue;
    }
    const closing = next === 47;
    const nameStart = i + (closing ? 2 : 1);
    const first = html.charCodeAt(nameStart);
    if (!isLetter(first)) {
      i = html.indexOf("<", i + 1);
      continue;
    }
    let hasUpper = first <= 90;
    let j = nameStart + 1;
    while (j < n) {
      const c = html.charCodeAt(j);
      if (!isNameChar(c)) break;
      if (c >= 65 && c <= 90) hasUpper = true;
      j++;
    }
    const end = html.indexOf(">", j);
    if (end < 0) return false;
    const kind = tagKind(html, nameStart, j - nameStart, hasUpper);
    if (closing) {
      if (kind !== K_UNCOUNTED && depth > 0) depth--;
      i = html.indexOf("<", end);
      continue;
    }
    if (kind !== K_UNCOUNTED && html.charCodeAt(end - 1) !== 47) {
      depth++;
      if (depth > MAX_DEPTH) return true;
    }
    if (kind === K_RAW) {
      const name = hasUpper ? html.slice(nameStart, j).toLowerCase() : html.slice(nameStart, j);
      const lower = html.indexOf(`</${name}`, end);
      i = lower >= 0 ? lower : html.indexOf(`</${name.toUpperCase()}`, end);
      continue;
    }
    i = html.indexOf("<", end);
  }
  return false;
}

function isNameChar(c: number): boolean {
  return isLetter(c) || (c >= 48 && c <= 57) || c === 45 || c === 58 || c === 95;
}

export function capNesting(html: string): string {
  if (!exceedsDepth(html)) return html;
  const out: string[] = [];
  let last = 0;
  let depth = 0;
  // One entry per open counted tag: true when it was dropped, so its closing tag is dropped too.
  const stack: boolean[] = [];
  for (const t of tags(html)) {
    if (!t.counted) continue;
    let drop = false;
    if (t.closing) {
      drop = stack.pop() ?? false;
      if (!drop) depth = Math.max(0, depth - 1);
    } else {
      // Tags carrying attributes (class="price") are kept a while longer than bare wrappers.
      const bare = html.slice(t.nameEnd, t.end - 1).replace("/", "").trim() === "";
      drop = depth >= (bare ? MAX_DEPTH : MAX_DEPTH * 2);
      stack.push(drop);
      if (!drop) depth++;
    }
    if (drop) {
      out.push(html.slice(last, t.start));
      last = t.end;
    }
  }
  out.push(html.slice(last));
  return out.join("");
}
