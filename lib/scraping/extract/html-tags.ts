// HTML tag facts for parse-html: void and raw-text elements, the start tags that close an open
// element (htmlparser2's HTML-mode table), and interned names of common tags and attributes.

export type TTag = {
  name: string;
  id: number;
  isVoid: boolean;
  raw: boolean;
  foreign: boolean;
  implies: Set<string> | null;
};

const VOID = [
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
];
const RAW_TEXT = ["script", "style", "xmp", "title", "textarea"];
const FORM = new Set(["input", "option", "optgroup", "select", "button", "datalist", "textarea"]);
const P = new Set(["p"]);
const TABLE_SECTION = new Set(["thead", "tbody"]);
const DDT = new Set(["dd", "dt"]);
const RTP = new Set(["rt", "rp"]);
const IMPLIES_CLOSE = new Map<string, Set<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["li", new Set(["li"])],
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", DDT],
  ["dt", DDT],
  ["rt", RTP],
  ["rp", RTP],
  ["tbody", TABLE_SECTION],
  ["tfoot", TABLE_SECTION],
  ...["select", "input", "output", "button", "datalist", "textarea"].map((n) => [n, FORM] as [string, Set<string>]),
  ...[
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "address",
    "article",
    "aside",
    "blockquote",
    "details",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "header",
    "hr",
    "main",
    "nav",
    "ol",
    "pre",
    "section",
    "table",
    "ul",
  ].map((n) => [n, P] as [string, Set<string>]),
]);
const COMMON = [
  "html",
  "head",
  "body",
  "meta",
  "link",
  "noscript",
  "template",
  "span",
  "a",
  "img",
  "li",
  "ul",
  "ol",
  "div",
  "p",
  "label",
  "i",
  "b",
  "u",
  "em",
  "strong",
  "small",
  "sup",
  "sub",
  "del",
  "ins",
  "s",
  "strike",
  "picture",
  "source",
  "svg",
  "path",
  "g",
  "use",
  "symbol",
  "defs",
  "circle",
  "rect",
  "polygon",
  "line",
  "text",
  "math",
  "iframe",
  "form",
  "input",
  "button",
  "select",
  "option",
  "nav",
  "header",
  "footer",
  "main",
  "section",
  "article",
  "aside",
  "table",
  "tr",
  "td",
  "th",
  "tbody",
  "thead",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "dl",
  "dt",
  "dd",
  "br",
  "hr",
  "figure",
  "figcaption",
  "time",
  "abbr",
  "code",
  "pre",
  "details",
  "summary",
  "video",
  "audio",
  "canvas",
  "object",
  "embed",
  "fieldset",
  "legend",
  "dialog",
  "mark",
  "data",
];
// Tag facts by lower-case name; a page's own custom elements get entries local to its parse.
export const TAGS = new Map<string, TTag>();
for (const name of new Set([...COMMON, ...VOID, ...RAW_TEXT, ...IMPLIES_CLOSE.keys()])) {
  TAGS.set(name, {
    name,
    id: TAGS.size,
    isVoid: VOID.includes(name),
    raw: RAW_TEXT.includes(name),
    foreign: name === "svg" || name === "math",
    implies: IMPLIES_CLOSE.get(name) ?? null,
  });
}

const ATTR_NAMES = [
  "class",
  "id",
  "href",
  "src",
  "alt",
  "style",
  "type",
  "name",
  "content",
  "property",
  "itemprop",
  "itemscope",
  "itemtype",
  "rel",
  "title",
  "value",
  "width",
  "height",
  "loading",
  "role",
  "hidden",
  "lang",
  "charset",
  "srcset",
  "sizes",
  "target",
  "action",
  "method",
  "for",
  "placeholder",
  "disabled",
  "aria-label",
  "aria-hidden",
  "aria-disabled",
  "data-id",
  "data-src",
  "tabindex",
  "viewbox",
  "fill",
  "d",
  "xmlns",
  "async",
  "defer",
  "crossorigin",
  "integrity",
  "media",
  "http-equiv",
  "selected",
  "checked",
  "data-price",
  "data-price-amount",
  "data-product-price",
  "data-test",
  "data-testid",
  "data-test-id",
  "data-qa",
  "data-cy",
  "data-automation-id",
  "data-automation",
  "data-component",
  "data-action",
  "data-track",
];

/**
 * The attributes the page scan reads, a bit each: the parser sets the bits of the attributes a tag has, so the scan
 * reads an attribute object (whose shapes are countless) only for the names it is sure to find there.
 */
export const ATTR = {
  class: 1,
  id: 2,
  style: 4,
  hidden: 8,
  itemprop: 16,
  itemscope: 32,
  property: 64,
  type: 128,
  lang: 256,
  role: 512,
  name: 1024,
  content: 2048,
  // any data-* attribute, and those naming a price or a test hook
  data: 4096,
  dataPrice: 8192,
  dataTest: 16384,
} as const;

const DATA_PRICE = ["data-price", "data-price-amount", "data-product-price"];
const DATA_TEST = [
  "data-test",
  "data-testid",
  "data-test-id",
  "data-qa",
  "data-cy",
  "data-automation-id",
  "data-automation",
  "data-component",
];

function attrBits(name: string): number {
  const own = Object.hasOwn(ATTR, name) ? (ATTR as Record<string, number>)[name]! : 0;
  if (!name.startsWith("data-")) return own;
  return ATTR.data | (DATA_PRICE.includes(name) ? ATTR.dataPrice : 0) | (DATA_TEST.includes(name) ? ATTR.dataTest : 0);
}

/**
 * Known names by their lower-cased ASCII codes: node n's child for code c is `next[n * 128 + c]` (0: none), so the
 * parser reaches a name's interned string while it scans the name, with no slice and no hash of the source text.
 */
export type TTrie<T> = { next: Int32Array; values: Array<T | undefined> };

function trieOf<T>(entries: Array<[string, T]>): TTrie<T> {
  const size = 1 + entries.reduce((n, [key]) => n + key.length, 0);
  const next = new Int32Array(size * 128);
  const values: Array<T | undefined> = [undefined];
  for (const [key, value] of entries) {
    let node = 0;
    for (let i = 0; i < key.length; i++) {
      const slot = node * 128 + key.charCodeAt(i);
      if (next[slot] === 0) {
        next[slot] = values.length;
        values.push(undefined);
      }
      node = next[slot]!;
    }
    values[node] = value;
  }
  return { next, values };
}

export const ATTR_TRIE = trieOf(ATTR_NAMES.map((n) => [n, n]));
/** By node of ATTR_TRIE, the ATTR bits of the name it ends (0 for other nodes). */
export const ATTR_TRIE_BITS = Int32Array.from(ATTR_TRIE.values, (name) => (name === undefined ? 0 : attrBits(name)));
/** The ATTR bits of a name that is not in ATTR_TRIE (lower case). */
export const otherAttrBits = (name: string): number => (name.startsWith("data-") ? ATTR.data : 0);
export const TAG_TRIE = trieOf([...TAGS]);
