// Single-pass HTML tree builder producing domhandler nodes (so css-select and domutils work on it).
// It follows htmlparser2's HTML-mode tree rules (implied end tags, void elements, raw-text elements,
// first duplicate attribute wins, entity decoding) at a fraction of the cost: it scans with indexOf
// and charCodeAt, allocates one object per node and never re-reads a character.
// Beyond MAX_DEPTH open elements, bare tags are dropped (their text is kept) and tags carrying
// attributes are kept up to twice that depth, so a pathological document stays cheap to walk.
import { Comment, Document, Element, Text, type ChildNode, type ParentNode } from "domhandler";
import { decodeHTML, decodeHTMLAttribute } from "entities";
import { ATTR, ATTR_TRIE, ATTR_TRIE_BITS, otherAttrBits, TAG_TRIE, TAGS, type TTag } from "./html-tags";

const TAG_NEXT = TAG_TRIE.next;
const ATTR_NEXT = ATTR_TRIE.next;

const MAX_DEPTH = 2000;
// The children of every element that has none, and the attributes of every element that has none: shared objects,
// never written (the DOM is only read).
const NO_CHILDREN: ChildNode[] = Object.freeze([]) as unknown as ChildNode[];
// The attributes of every element that has none: one shared object, never written (the DOM is only read).
const NO_ATTRIBS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Told of the nodes as the tree is built, so that one pass reads the page: each element in document order with its
 * order index (elements counted in document order, those inside skipped content not counted) and its ATTR bits,
 * answering whether its content is read (false: none of the nodes inside it is told); each text (adjacent text
 * merged) once complete, with the order index of its parent element (-1: the document).
 */
export type TParseVisitor = {
  element(el: Element, order: number, attrs: number, cls: string | undefined, id: string | undefined): boolean;
  text(node: Text, parentOrder: number): void;
};

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
}

class TreeBuilder {
  readonly doc = new Document([]);
  private readonly stack: Element[] = [];
  private readonly tags: TTag[] = [];
  private parent: ParentNode = this.doc;
  // Last child of `parent`, so appending never reads the children array.
  private last: ChildNode | null = null;
  private lastText: Text | null = null;
  // whether the visitor is told of lastText, and the order index of its parent
  private lastTextSeen = false;
  private lastTextOrder = -1;
  // the visitor's order index of each open element (-1 inside skipped content), and the element whose content
  // the visitor skips
  private readonly orders: number[] = [];
  private skipping: Element | null = null;
  private visited = 0;
  // The first "&" at or after the last position asked about (the length when none): the parse asks in document
  // order, so each character is searched once, not once per attribute value or text.
  private amp = -1;
  private foreign = 0;
  private readonly local = new Map<string, TTag>();
  // By tag id: how many are open (a stray end tag is dismissed without scanning the stack), and how
  // many start tags the depth cap dropped (their end tags are dropped too).
  private readonly open: number[] = [];
  private readonly dropped: number[] = [];
  // The children of the open elements (and of the document) in document order, each open element's from its
  // entry in `starts`: an element gets an array of its exact size when it closes (a pushed-to [] reserves 17).
  private readonly pending: ChildNode[] = [];
  private readonly starts: number[] = [];

  constructor(
    private readonly html: string,
    private readonly visitor: TParseVisitor | null,
  ) {}

  tag(name: string): TTag {
    const known = TAGS.get(name) ?? this.local.get(name);
    if (known) return known;
    const info: TTag = {
      name,
      id: TAGS.size + this.local.size,
      isVoid: false,
      raw: false,
      foreign: false,
      implies: null,
    };
    this.local.set(name, info);
    return info;
  }

  private append(node: ChildNode): void {
    const prev = this.last;
    if (prev) {
      prev.next = node;
      node.prev = prev;
    }
    node.parent = this.parent;
    this.pending.push(node);
    this.last = node;
  }

  /** Whether html[from, to) holds an "&" (calls in document order). */
  hasAmp(from: number, to: number): boolean {
    let amp = this.amp;
    if (amp < from) {
      amp = this.html.indexOf("&", from);
      this.amp = amp = amp < 0 ? this.html.length : amp;
    }
    return amp < to;
  }

  /** The text html[from, to), its entities decoded. */
  textAt(from: number, to: number): void {
    if (to > from) this.text(this.html.slice(from, to), this.hasAmp(from, to));
  }

  // `decode`: the text holds entities to decode
  text(data: string, decode: boolean): void {
    if (data.length === 0) return;
    const value = decode ? decodeHTML(data) : data;
    if (this.lastText) this.lastText.data += value;
    else {
      this.lastText = new Text(value);
      this.append(this.lastText);
      this.lastTextSeen = this.visitor !== null && this.skipping === null;
      this.lastTextOrder = this.orders.length > 0 ? this.orders[this.orders.length - 1]! : -1;
    }
  }

  /** The current text is complete (the next node is not text): the visitor is told of it. */
  private endText(): void {
    const text = this.lastText;
    if (text === null) return;
    this.lastText = null;
    if (this.lastTextSeen) this.visitor!.text(text, this.lastTextOrder);
  }

  comment(data: string): void {
    this.endText();
    this.append(new Comment(data));
  }

  private pop(): void {
    const el = this.stack.pop();
    const info = this.tags.pop();
    if (!el || !info) return;
    this.orders.pop();
    if (el === this.skipping) this.skipping = null;
    const start = this.starts.pop() ?? this.pending.length;
    el.children = start === this.pending.length ? NO_CHILDREN : this.pending.splice(start);
    this.open[info.id] = (this.open[info.id] ?? 1) - 1;
    if (info.foreign) this.foreign--;
    this.parent = this.stack[this.stack.length - 1] ?? this.doc;
    this.last = el;
  }

  // attrsFrom: where the tag's attributes start in the page (null: it has none)
  openTag(
    info: TTag,
    attrsFrom: number | null,
    selfClosing: boolean,
    bare = true,
    bits = 0,
    cls?: string,
    id?: string,
  ): Element | null {
    this.endText();
    const depth = this.stack.length;
    if (depth >= MAX_DEPTH && (bare || depth >= 2 * MAX_DEPTH)) {
      if (!info.isVoid) this.dropped[info.id] = (this.dropped[info.id] ?? 0) + 1;
      return null;
    }
    const implied = info.implies;
    if (implied) {
      while (this.tags.length > 0 && implied.has((this.tags[this.tags.length - 1] as TTag).name)) this.pop();
    }
    const el =
      attrsFrom === null
        ? new Element(info.name, NO_ATTRIBS, NO_CHILDREN)
        : new LazyElement(info.name, this.html, attrsFrom);
    this.append(el);
    let order = -1;
    let enter = true;
    if (this.visitor !== null && this.skipping === null) {
      order = this.visited++;
      enter = this.visitor.element(el, order, bits, cls, id);
    }
    if (info.isVoid || (selfClosing && (this.foreign > 0 || info.foreign))) return null;
    if (!enter && this.skipping === null) this.skipping = el;
    this.orders.push(order);
    this.stack.push(el);
    this.starts.push(this.pending.length);
    this.tags.push(info);
    this.open[info.id] = (this.open[info.id] ?? 0) + 1;
    if (info.foreign) this.foreign++;
    this.parent = el;
    this.last = null;
    return el;
  }

  closeTag(info: TTag): void {
    if (info.isVoid) {
      if (info.name === "br") this.openTag(info, null, false);
      return;
    }
    const dropped = this.dropped[info.id] ?? 0;
    if (dropped > 0) {
      this.dropped[info.id] = dropped - 1;
      return;
    }
    if ((this.open[info.id] ?? 0) > 0) {
      this.endText();
      for (;;) {
        const top = this.tags[this.tags.length - 1];
        if (!top) break;
        this.pop();
        if (top === info) break;
      }
    } else if (info.name === "p") {
      this.openTag(info, null, false);
      this.pop();
    }
  }

  /** The document, the elements still open at its end given their children. */
  finish(): Document {
    this.endText();
    while (this.stack.length > 0) this.pop();
    this.doc.children = this.pending.splice(0);
    return this.doc;
  }

  // Content of script/style/title/textarea/xmp up to its end tag, which closes the element; only
  // <title> has its entities decoded, as in htmlparser2.
  rawText(el: Element | null, name: string, from: number): number {
    const html = this.html;
    let i = from;
    let end = -1;
    while ((i = html.indexOf("</", i)) >= 0) {
      const after = i + 2 + name.length;
      const c = html.charCodeAt(after);
      if ((c === 62 || isSpace(c)) && html.slice(i + 2, after).toLowerCase() === name) {
        end = i;
        break;
      }
      i += 2;
    }
    const stop = end < 0 ? html.length : end;
    this.text(html.slice(from, stop), name === "title" && this.hasAmp(from, stop));
    if (el && this.stack[this.stack.length - 1] === el) this.pop();
    this.endText();
    if (end < 0) return html.length;
    const gt = html.indexOf(">", end);
    return gt < 0 ? html.length : gt + 1;
  }
}

// What readAttributes found (module scratch, read right after each call): the index after ">" (-1 when the document
// ends inside the tag), whether the tag closes itself, how many attributes it has and their ATTR bits, its class
// and id (the first of each), and with `build` its attribute object.
let FOUND_END = 0;
let FOUND_SELF_CLOSING = false;
let FOUND_COUNT = 0;
let FOUND_BITS = 0;
let FOUND_CLASS: string | undefined;
let FOUND_ID: string | undefined;
let FOUND_ATTRIBS: Record<string, string> = NO_ATTRIBS;

// The attribute names of the tag being built (reused from tag to tag).
const NAMES: string[] = new Array(64).fill("");

/**
 * Reads the attributes of a start tag from `from` (just after its name) to its ">". Without `build` only the bits,
 * class and id are taken (an element's other attributes are read when asked, see LAZY_ELEMENT); `b` answers where
 * the "&"s are during the parse (null afterwards).
 */
function readAttributes(b: TreeBuilder | null, html: string, from: number, build: boolean): void {
  const n = html.length;
  let i = from;
  let attribs: Record<string, string> = NO_ATTRIBS;
  let selfClosing = false;
  let count = 0;
  let bits = 0;
  let cls: string | undefined;
  let id: string | undefined;
  FOUND_END = -1;
  for (;;) {
    let c = html.charCodeAt(i);
    while (isSpace(c) || c === 47) {
      selfClosing = c === 47;
      c = html.charCodeAt(++i);
    }
    if (i >= n) return;
    if (c === 62) break;
    selfClosing = false;
    const nameStart = i;
    // the first character belongs to the name whatever it is ("<a =x>"), the others up to "=", ">", "/" or a space
    let attrUpper = c >= 65 && c <= 90;
    let name = c < 128 ? ATTR_NEXT[attrUpper ? c + 32 : c]! || -1 : -1;
    for (i++; i < n; i++) {
      c = html.charCodeAt(i);
      if (c === 61 || c === 62 || c === 47 || isSpace(c)) break;
      if (c >= 65 && c <= 90) {
        attrUpper = true;
        c += 32;
      }
      if (name >= 0) name = c < 128 ? ATTR_NEXT[name * 128 + c]! || -1 : -1;
    }
    const knownName = name > 0 ? ATTR_TRIE.values[name] : undefined;
    const attrName = knownName ?? (attrUpper ? html.slice(nameStart, i).toLowerCase() : html.slice(nameStart, i));
    const own = knownName !== undefined ? ATTR_TRIE_BITS[name]! : otherAttrBits(attrName);
    // class and id values are always read, the others only to build the object
    const wanted = build || (own & (ATTR.class | ATTR.id)) !== 0;
    while (isSpace(c)) c = html.charCodeAt(++i);
    let value = "";
    if (c === 61) {
      c = html.charCodeAt(++i);
      while (isSpace(c)) c = html.charCodeAt(++i);
      let vStart: number;
      let vEnd: number;
      if (c === 34 || c === 39) {
        const close = html.indexOf(c === 34 ? '"' : "'", i + 1);
        if (close < 0) return;
        vStart = i + 1;
        vEnd = close;
        i = close + 1;
      } else {
        vStart = i;
        while (i < n && !isSpace(c) && c !== 62) c = html.charCodeAt(++i);
        vEnd = i;
      }
      if (wanted) {
        value = html.slice(vStart, vEnd);
        if (b !== null ? b.hasAmp(vStart, vEnd) : value.includes("&")) value = decodeHTMLAttribute(value);
      }
    }
    bits |= own;
    if (!build) {
      count++;
      if (own & ATTR.class) cls ??= value;
      else if (own & ATTR.id) id ??= value;
      continue;
    }
    // the first of duplicate attributes wins; a tag's few names are compared here rather than looked up as
    // missing keys of the attribute object (slow on objects of many shapes)
    const listed = Math.min(count, NAMES.length);
    let duplicate = false;
    for (let k = 0; k < listed && !duplicate; k++) duplicate = NAMES[k] === attrName;
    if (!duplicate && count >= NAMES.length) duplicate = attribs[attrName] !== undefined;
    if (!duplicate) {
      if (count === 0) attribs = {};
      attribs[attrName] = value;
      if (count < NAMES.length) NAMES[count] = attrName;
      count++;
    }
  }
  FOUND_END = i + 1;
  FOUND_SELF_CLOSING = selfClosing;
  FOUND_COUNT = count;
  FOUND_BITS = bits;
  FOUND_CLASS = cls;
  FOUND_ID = id;
  FOUND_ATTRIBS = attribs;
}

type TLazy = Element & { source: string; attrsFrom: number; built: Record<string, string> | null };
type TLazyConstructor = new (name: string, source: string, attrsFrom: number) => TLazy;

/**
 * The prototype of an element with attributes: an Element to every reader, whose attribute object is built from the
 * page the first time it is read (the scan reads it for few elements; a 200 KB page has thousands). Its class and id
 * are read with the tag. Built with Object.create, not as a subclass: extending domhandler's classes from ours runs
 * fifteen times slower a construction where its CommonJS build (ES5 functions) is loaded (tsx, vitest).
 */
const LAZY_ELEMENT = Object.create(Element.prototype, {
  attribs: {
    get(this: TLazy): Record<string, string> {
      if (this.built === null) {
        readAttributes(null, this.source, this.attrsFrom, true);
        this.built = FOUND_ATTRIBS;
      }
      return this.built;
    },
    set(this: TLazy, value: Record<string, string>) {
      this.built = value;
    },
  },
});

/**
 * The fields Element's constructors would set, in their order, then the page and where the attributes start. A plain
 * constructor function (prototype LAZY_ELEMENT): V8 sizes its objects to hold every field, where an Object.create
 * object holds four and moves the others to a backing store reallocated as it grows.
 */
const LazyElement = function (this: TLazy, name: string, source: string, attrsFrom: number) {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.children = NO_CHILDREN;
  this.name = name;
  this.type = (name === "script" ? "script" : name === "style" ? "style" : "tag") as Element["type"];
  this.source = source;
  this.attrsFrom = attrsFrom;
  this.built = null;
} as unknown as TLazyConstructor;
LazyElement.prototype = LAZY_ELEMENT;

// Parses one start tag whose name begins at `start` (just after "<"). Returns the index after ">",
// or -1 when the document ends inside the tag.
function parseStartTag(b: TreeBuilder, html: string, start: number): number {
  const n = html.length;
  let i = start;
  let upper = false;
  // a trie node, -1 once the name left the trie
  let known = 0;
  for (; i < n; i++) {
    let c = html.charCodeAt(i);
    if (c === 62 || c === 47 || isSpace(c)) break;
    if (c >= 65 && c <= 90) {
      upper = true;
      c += 32;
    }
    if (known >= 0) known = c < 128 ? TAG_NEXT[known * 128 + c]! || -1 : -1;
  }
  const info =
    (known > 0 ? TAG_TRIE.values[known] : undefined) ??
    b.tag(upper ? html.slice(start, i).toLowerCase() : html.slice(start, i));
  readAttributes(b, html, i, false);
  const end = FOUND_END;
  if (end < 0) return -1;
  const selfClosing = FOUND_SELF_CLOSING;
  const el =
    FOUND_COUNT === 0
      ? b.openTag(info, null, selfClosing, true, 0, undefined, undefined)
      : b.openTag(info, i, selfClosing, false, FOUND_BITS, FOUND_CLASS, FOUND_ID);
  return info.raw && !selfClosing ? b.rawText(el, info.name, end) : end;
}

export function parseHtml(html: string, visitor: TParseVisitor | null = null): Document {
  const b = new TreeBuilder(html, visitor);
  const n = html.length;
  let textStart = 0;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf("<", i);
    if (lt < 0 || lt === n - 1) break;
    const c = html.charCodeAt(lt + 1);
    let next = -2;
    if (isLetter(c)) {
      b.textAt(textStart, lt);
      next = parseStartTag(b, html, lt + 1);
    } else if (c === 47 && isLetter(html.charCodeAt(lt + 2))) {
      b.textAt(textStart, lt);
      let j = lt + 2;
      let upper = false;
      let known = 0;
      for (; j < n; j++) {
        let d = html.charCodeAt(j);
        if (j > lt + 2 && (d === 62 || d === 47 || isSpace(d))) break;
        if (d >= 65 && d <= 90) {
          upper = true;
          d += 32;
        }
        if (known >= 0) known = d < 128 ? TAG_NEXT[known * 128 + d]! || -1 : -1;
      }
      const gt = html.indexOf(">", j);
      if (gt < 0) next = -1;
      else {
        const tag = known > 0 ? TAG_TRIE.values[known] : undefined;
        const name = tag ? "" : html.slice(lt + 2, j);
        b.closeTag(tag ?? b.tag(upper ? name.toLowerCase() : name));
        next = gt + 1;
      }
    } else if (c === 33 || c === 63) {
      b.textAt(textStart, lt);
      if (html.startsWith("<!--", lt)) {
        const end = html.indexOf("-->", lt + 4);
        b.comment(html.slice(lt + 4, end < 0 ? n : end));
        next = end < 0 ? n : end + 3;
      } else if (html.startsWith("<![CDATA[", lt)) {
        const end = html.indexOf("]]>", lt + 9);
        b.comment(`[CDATA[${html.slice(lt + 9, end < 0 ? n : end)}]]`);
        next = end < 0 ? n : end + 3;
      } else {
        // Doctype or processing instruction: nothing the extraction reads.
        const gt = html.indexOf(">", lt + 2);
        next = gt < 0 ? n : gt + 1;
      }
    }
    if (next === -2) {
      i = lt + 1; // a literal "<" inside text
      continue;
    }
    if (next === -1) return b.finish(); // the document ends inside a tag: the partial tag is dropped
    i = textStart = next;
  }
  b.textAt(textStart, n);
  return b.finish();
}
