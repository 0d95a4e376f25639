import { isText, type AnyNode, type Element } from "domhandler";

export const SKIP_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "iframe",
  "object",
  "head",
  "select",
  "option",
  "textarea",
]);
const STRIKE_TAGS = new Set(["del", "s", "strike"]);

export function isElement(n: AnyNode | null | undefined): n is Element {
  return !!n && (n.type === "tag" || n.type === "script" || n.type === "style");
}

export function textOf(n: AnyNode): string {
  return isText(n) ? n.data : "";
}

export function attr(el: Element, name: string): string | undefined {
  return el.attribs[name];
}

const TOKENS = Symbol("classTokens");
type TTokenized = Element & { [TOKENS]?: string[] };
const CAMEL = /[a-z][A-Z]/;
const EMPTY: string[] = [];

// Lower-case words of class and id: "priceblock_ourPrice a-price" -> ["priceblock", "our", "price", "a", ...].
export function classTokens(el: Element): string[] {
  const cached = (el as TTokenized)[TOKENS];
  if (cached) return cached;
  const { class: c, id } = el.attribs;
  if (!c && !id) return EMPTY;
  const raw = `${c ?? ""} ${id ?? ""}`;
  const out: string[] = [];
  if (raw.trim()) {
    for (const part of raw.split(/[^A-Za-z0-9À-ÿ]+/)) {
      if (!part) continue;
      out.push(part.toLowerCase());
      if (CAMEL.test(part)) for (const c of part.split(/(?<=[a-z])(?=[A-Z])/)) out.push(c.toLowerCase());
    }
  }
  (el as TTokenized)[TOKENS] = out;
  return out;
}

export function classString(el: Element): string {
  return `${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`.toLowerCase();
}

const RESPONSIVE_SHOW = new RegExp(
  String.raw`(?:^|\s)(?:sm|md|lg|xl|2xl):(?:block|flex|inline|inline-block|inline-flex|grid|table|contents)(?:\s|$)|(?:^` +
    String.raw`|\s)d-(?:sm|md|lg|xl)-(?:block|flex|inline|inline-block|inline-flex|grid|table)(?:\s|$)`,
);

export function isHidden(el: Element): boolean {
  const a = el.attribs;
  if (a.hidden !== undefined) return true;
  const style = a.style;
  if (style && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)) return true;
  const cls = a.class;
  return cls !== undefined && hiddenByClass(cls);
}

/** Whether a class attribute hides its element. */
export function hiddenByClass(cls: string): boolean {
  if (
    // every hiding class contains one of these (a cheap test before the pattern, on every classed element)
    (cls.includes("hid") || cls.includes("none") || cls.includes("only") || cls.includes("invisible")) &&
    /(?:^|\s)(?:hidden|d-none|is-hidden|hide|visually-hidden|sr-only|u-hidden|invisible)(?:\s|$)/.test(cls)
  ) {
    // Tailwind "hidden md:flex" and Bootstrap "d-none d-lg-block" are visible on desktop.
    return !RESPONSIVE_SHOW.test(cls);
  }
  return false;
}

const OLD_TOKEN = new RegExp(
  "^(?:old|was|former|formerly|ehemals|barre|barré|barree|ancien|strike|strikethrough|crossed|compare|before" +
    "|msrp|rrp|uvp|previous|prev|statt|streich|streichpreis|vorher|linethrough|crossout|nonsale)",
);
const SOFT_OLD_TOKEN = /^(?:regular|list|retail|original|initial|pvp|reference|referenz)$/;
const OLD_SUB = new RegExp(
  "oldprice|listprice|wasprice|compareat|strikeprice|regularprice|crossedprice|pricebefore|beforeprice" +
    "|originalprice|retailprice|strikethrough|prixbarre|ancienprix|streichpreis|uvp",
);

// "hard": del/s/strike or an explicit old-price class; "soft": a class like "regular" that some
// themes also use for the only (current) price.
export function struckKind(el: Element): "hard" | "soft" | null {
  if (STRIKE_TAGS.has(el.name)) return "hard";
  const style = el.attribs.style;
  if (style && /line-through/i.test(style)) return "hard";
  if (el.attribs["data-a-strike"] === "true") return "hard";
  const pt = el.attribs["data-price-type"];
  if (pt && /old|list|base/i.test(pt)) return "hard";
  const tokens = classTokens(el);
  for (const t of tokens) if (OLD_TOKEN.test(t) || OLD_SUB.test(t)) return "hard";
  for (const t of tokens) if (SOFT_OLD_TOKEN.test(t)) return "soft";
  return null;
}

const FRACTION_TOKEN = /^(?:fraction|decimals?|cents?|dec|price-?small|small|sup)$/;

// Visible text of an element: skips scripts, hidden and crossed-out descendants, and rebuilds
// split prices ("49<sup>90</sup>" -> "49.90", "a-price-whole 1 299," + "a-price-fraction 99").
export function visibleText(root: Element, maxLen = 600, keepStruck = false): string {
  let out = "";
  const stack: Array<AnyNode | "sep"> = [root];
  while (stack.length > 0 && out.length < maxLen) {
    const n = stack.pop();
    if (n === undefined) break;
    if (n === "sep") {
      out += " ";
      continue;
    }
    if (n.type === "text") {
      out += textOf(n);
      continue;
    }
    if (!isElement(n)) continue;
    if (n !== root) {
      if (SKIP_TAGS.has(n.name)) continue;
      if (isHidden(n) && !/a-offscreen/.test(n.attribs.class ?? "")) continue;
      if (!keepStruck && struckKind(n) !== null) continue;
      if (n.name === "br" || n.name === "p" || n.name === "div" || n.name === "li") out += " ";
      const frac = n.name === "sup" || classTokens(n).some((t) => FRACTION_TOKEN.test(t));
      if (frac && /\d$/.test(out)) {
        const peek = firstText(n);
        if (/^\s*\d{1,2}(?!\d)/.test(peek)) out += ".";
      }
    }
    const kids = n.children;
    if (n !== root && (n.name === "div" || n.name === "p" || n.name === "li")) stack.push("sep");
    for (let i = kids.length - 1; i >= 0; i--) {
      const k = kids[i];
      if (k) stack.push(k);
    }
  }
  return out.slice(0, maxLen);
}

function firstText(el: Element): string {
  const stack: AnyNode[] = [el];
  let guard = 0;
  while (stack.length > 0 && guard++ < 50) {
    const n = stack.shift();
    if (!n) break;
    if (n.type === "text") {
      const d = textOf(n);
      if (d.trim()) return d;
    } else if (isElement(n)) stack.unshift(...n.children);
  }
  return "";
}

export function ancestors(el: AnyNode, max = 60): Element[] {
  const out: Element[] = [];
  let p = el.parent;
  while (p && out.length < max) {
    if (isElement(p)) out.push(p);
    p = p.parent;
  }
  return out;
}
