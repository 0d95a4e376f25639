import type { Element } from "domhandler";
import type { TStructuredCandidate } from "./choose-structured";
import { cssPath } from "./css-path";
import { isElement, visibleText } from "./dom-utils";
import type { TTextCandidate } from "./text-candidates";
import type { TZones } from "./page-zones";

/**
 * Where a candidate was found, for the user choosing among them: structured data of the product, one of
 * its variants or offers, the main product block, elsewhere on the page, a crossed-out price, another
 * kind of amount (shipping, instalment, saving), another product, or the user's own selector.
 */
export type TCandidateKind =
  | "structured"
  | "variant"
  | "main"
  | "page"
  | "crossed-out"
  | "other-amount"
  | "related"
  | "selector";

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
    default:
      return zones.isInMain(c.el) ? "main" : "page";
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
    out.push(textCandidate(c, zones));
  }
  return out;
}

// The words around and the CSS path cost a DOM walk each: computed on first read only, which the
// extraction itself never does (only the price picker's storage after a scrape).
function textCandidate(c: TTextCandidate, zones: TZones): TExtractCandidate {
  let context: string | undefined;
  let locator: string | undefined;
  return {
    price: c.price,
    currency: c.parsed.currency,
    source: c.excluded ? `${c.source}:${c.excluded}` : c.source,
    score: c.score,
    kind: textKind(c, zones),
    get context() {
      context ??= contextOf(c.el);
      return context;
    },
    get locator() {
      locator ??= cssPath(c.el);
      return locator;
    },
    label: null,
    sku: null,
  };
}
