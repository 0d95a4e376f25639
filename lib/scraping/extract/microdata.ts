import type { Element } from "domhandler";
import { ancestors, isElement, struckKind, visibleText } from "./dom-utils";
import {
  normalizeAvailability,
  structuredAmount,
  structuredCurrency,
  type TOffer,
  type TStructuredProduct,
} from "./structured-values";
import { parsePrice } from "../parse-price";

export type TMicrodataProduct = TStructuredProduct & { el: Element | null };

function propValue(el: Element): string {
  const a = el.attribs;
  if (a.content !== undefined) return a.content;
  if (el.name === "link" || el.name === "a") return a.href ?? visibleText(el, 200);
  if (el.name === "data" || el.name === "meter") return a.value ?? "";
  if (el.name === "time") return a.datetime ?? visibleText(el, 200);
  return visibleText(el, 200);
}

function scopeOf(el: Element, includeSelf: boolean): Element | null {
  let p: unknown = includeSelf ? el : el.parent;
  let guard = 0;
  while (p && isElement(p as Element) && guard++ < 80) {
    const e = p as Element;
    if (e.attribs.itemscope !== undefined || e.attribs.typeof !== undefined || e.attribs.vocab !== undefined) return e;
    p = e.parent;
  }
  return null;
}

function isProductScope(el: Element): boolean {
  const t = `${el.attribs.itemtype ?? ""} ${el.attribs.typeof ?? ""}`;
  return /product|vehicle|book|car\b/i.test(t);
}

function priceFrom(el: Element, raw: string): string | null {
  const literal = structuredAmount(raw);
  if (literal !== null && el.attribs.content !== undefined) return literal;
  return parsePrice(raw).amount ?? literal;
}

// Microdata (itemprop) and RDFa (property="schema:price") offers, grouped under their Product scope.
export function extractMicrodataProducts(itemprops: Element[], rdfa: Element[]): TMicrodataProduct[] {
  const offers = new Map<Element | null, { offer: TOffer; product: Element | null }>();
  const names = new Map<Element, string>();
  const all = [...itemprops, ...rdfa];
  for (const el of all) {
    const props = `${el.attribs.itemprop ?? ""} ${(el.attribs.property ?? "").replace(/^[a-z]+:/i, "")}`
      .toLowerCase()
      .split(/\s+/);
    if (
      !props.some(
        (p) => p === "price" || p === "pricecurrency" || p === "availability" || p === "name" || p === "lowprice",
      )
    )
      continue;
    const scope = scopeOf(el, false);
    if (props.includes("name")) {
      if (scope && isProductScope(scope) && !names.has(scope)) names.set(scope, propValue(el).trim());
      continue;
    }
    let product: Element | null = null;
    let s: Element | null = scope;
    let guard = 0;
    while (s && guard++ < 10) {
      if (isProductScope(s)) {
        product = s;
        break;
      }
      s = scopeOf(s, false);
    }
    const entry = offers.get(scope) ?? { offer: { price: null, currency: null, available: null, url: null }, product };
    const value = propValue(el);
    const struck = [el, ...ancestors(el, 3)].some((x) => struckKind(x) === "hard");
    if ((props.includes("price") || props.includes("lowprice")) && entry.offer.price === null && !struck) {
      entry.offer.price = priceFrom(el, value);
      if (!entry.offer.currency) entry.offer.currency = parsePrice(value).currency;
    }
    if (props.includes("pricecurrency")) entry.offer.currency = structuredCurrency(value) ?? entry.offer.currency;
    if (props.includes("availability") && entry.offer.available === null)
      entry.offer.available = normalizeAvailability(value) ?? normalizeAvailability(value.replace(/.*\//, ""));
    offers.set(scope, entry);
  }
  const byProduct = new Map<Element | null, TMicrodataProduct>();
  for (const { offer, product } of offers.values()) {
    const p = byProduct.get(product) ?? {
      name: product ? (names.get(product) ?? null) : null,
      url: null,
      sku: null,
      offers: [],
      el: product,
    };
    p.offers.push(offer);
    byProduct.set(product, p);
  }
  return [...byProduct.values()].filter((p) => p.offers.some((o) => o.price !== null || o.available !== null));
}
