import type { Element } from "domhandler";
import type { TStructuredCandidate } from "./choose-structured";
import { cssPath } from "./css-path";
import { isElement, visibleText } from "./dom-utils";
import type { TTextCandidate } from "./text-candidates";
import type { TZones } from "./page-zones";

/**
 * Where a candidate was found, for the user choosing among them: structured data of the product, one of
 * its variants or offers, the main product block, elsewhere on the page, a crossed-out price, another
 * kind of amount (shipping, instalment, saving), another product, or the user's own selector; a public
 * limited-time deal price ("deal"), a price for members or card holders ("member") or with a coupon or code
 * ("coupon"): the last two are never the price.
 */
export type TCandidateKind =
  | "structured"
  | "variant"
  | "main"
  | "page"
  | "crossed-out"
  | "other-amount"
  | "related"
  | "selector"
  | "deal"
  | "member"
  | "coupon"
  | "offer";

export type TExtractCandidate = {
  price: string;
  currency: string | null;
  // Technical origin: "jsonld", "microdata", "meta", "selector", "text:<rule>[:<exclusion>]".
  source: string;
  score: number;
  kind: TCandidateKind;
  // The words around the amount on the page, or the variant's name.
  context: string;
  // A rule that finds this amount again on the next scrape: "jsonld:sku=…", "jsonld:offer=2" or a CSS path.
  locator: string;
  label: string | null;
  sku: string | null;
};

const MAX_CANDIDATES = 40;

const squash = (s: string): string => s.replace(/\s+/g, " ").trim();

// The amount's own text with up to ~50 characters either side from its container ("Livraison : 4,99 €").
function contextOf(el: Element): string {
  const own = squash(visibleText(el, 120, true));
  let box: Element = el;
  let text = own;
  for (let i = 0; i < 3 && text.length < 60 && isElement(box.parent); i++) {
    box = box.parent;
    text = squash(visibleText(box, 400, true));
  }
  const at = Math.max(0, text.indexOf(own));
  const start = Math.max(0, at - 50);
  const end = Math.min(text.length, at + own.length + 50);
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

function textKind(c: TTextCandidate, zones: TZones): TCandidateKind {
  switch (c.excluded) {
    case "off-topic":
      return "related";
    case "crossed-out":
    case "maybe-crossed-out":
      return "crossed-out";
    case "not-the-price":
    case "context":
      return "other-amount";
    case "member":
    case "coupon":
      return c.excluded;
    default:
      return c.deal ? "deal" : zones.isInMain(c.el) ? "main" : "page";
  }
}

export function listCandidates(
  structured: TStructuredCandidate[],
  selector: TExtractCandidate | null,
  text: TTextCandidate[],
  zones: TZones,
  productName: string | null,
): TExtractCandidate[] {
  const out: TExtractCandidate[] = structured.map((s) => ({
    ...s,
    context: s.label ?? productName ?? "",
  }));
  if (selector) out.push(selector);
  const seen = new Set<string>();
  for (const c of text) {
    if (out.length >= MAX_CANDIDATES) break;
    const key = `${c.price}|${c.source}|${c.excluded ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(new TextCandidate(c, zones));
  }
  return out;
}

// The words around and the CSS path cost a DOM walk each: computed on first read only, which the
// extraction itself never does (only the price picker's storage after a scrape). The getters must stay
// on the prototype: an object literal with getters gets new closures, hence a new hidden class, per
// call; those classes live in old space and keep each page's DOM alive through every young-generation
// collection until a full one, which more than halved extraction throughput.
class TextCandidate implements TExtractCandidate {
  readonly price: string;
  readonly currency: string | null;
  readonly source: string;
  readonly score: number;
  readonly kind: TCandidateKind;
  readonly label = null;
  readonly sku = null;
  readonly #el: Element;
  #context: string | undefined;
  #locator: string | undefined;

  constructor(c: TTextCandidate, zones: TZones) {
    this.price = c.price;
    this.currency = c.parsed.currency;
    this.source = c.excluded ? `${c.source}:${c.excluded}` : c.source;
    this.score = c.score;
    this.kind = textKind(c, zones);
    this.#el = c.el;
  }

  get context(): string {
    this.#context ??= contextOf(this.#el);
    return this.#context;
  }

  get locator(): string {
    this.#locator ??= cssPath(this.#el);
    return this.#locator;
  }

  // JSON.stringify reads own properties only: the lazy fields are added here. A spread still omits them.
  toJSON(): TExtractCandidate {
    const { price, currency, source, score, kind, context, locator, label, sku } = this;
    return { price, currency, source, score, kind, context, locator, label, sku };
  }
}
