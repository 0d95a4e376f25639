import { extractJsonLdProducts } from "./json-ld";
import { extractMetaOffer, extractShopifyMeta } from "./meta-tags";
import { extractMicrodataProducts } from "./microdata";
import type { TZones } from "./page-zones";
import { chooseOffer, sameUrl, type TOffer, type TStructuredProduct } from "./structured-values";
import type { TPageScan } from "./scan-page";
import { WEIGHTS } from "./weights";

const S = WEIGHTS.structured;

export type TStructuredPick = {
  price: string | null;
  currency: string | null;
  available: boolean | null;
  title: string | null;
  method: "jsonld" | "microdata" | "meta" | null;
  // "low" when several structured products exist and none is clearly the page's own.
  confidence: "high" | "low";
  // Every distinct price the chosen structured product offers (variants, sellers, range bounds).
  offerPrices: string[];
  range: { low: string; high: string } | null;
  candidates: TStructuredCandidate[];
  // The chosen offer's list price and stated shipping cost, when structured data gives them.
  regularPrice: string | null;
  shipping: string | null;
  // The chosen structured product's offers (a marketplace lists one per seller).
  offers: TOffer[];
};

export type TStructuredCandidate = {
  price: string;
  currency: string | null;
  source: string;
  score: number;
  kind: "structured" | "variant" | "offer";
  label: string | null;
  sku: string | null;
  locator: string;
};

const MAX_OFFER_CANDIDATES = 20;

function offerCandidates(
  offers: TOffer[],
  chosen: TOffer | null,
  method: "jsonld" | "microdata",
  fallbackCurrency: string | null,
  score: number,
): TStructuredCandidate[] {
  const out: TStructuredCandidate[] = [];
  const seen = new Set<string>();
  const ordered = chosen ? [chosen, ...offers.filter((o) => o !== chosen)] : offers;
  for (const o of ordered) {
    if (!o.price || o.price === "0" || out.length >= MAX_OFFER_CANDIDATES) continue;
    const key = `${o.price}|${o.sku ?? ""}|${o.name ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const index = offers.indexOf(o);
    out.push({
      price: o.price,
      currency: o.currency ?? fallbackCurrency,
      source: method,
      score: o === chosen ? score : score - 20,
      kind: o === chosen ? "structured" : "variant",
      label: o.name ?? null,
      sku: o.sku ?? null,
      locator: o.sku ? `${method}:sku=${o.sku}` : `${method}:offer=${index}`,
    });
  }
  return out;
}

function words(s: string | null): Set<string> {
  return new Set(
    (s ?? "")
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1),
  );
}

function nameMatch(a: string | null, b: string | null): number {
  const x = words(a);
  const y = words(b);
  if (x.size === 0 || y.size === 0) return 0;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return common / Math.min(x.size, y.size);
}

function pickProduct<T extends TStructuredProduct>(
  products: T[],
  pageUrl: string,
  h1: string | null,
): { product: T | null; confidence: "high" | "low" } {
  if (products.length === 0) return { product: null, confidence: "high" };
  if (products.length === 1) {
    const only = products[0] ?? null;
    // A lone Product whose name shares nothing with the page title is probably an accessory or ad.
    const unrelated =
      !!only && !!h1 && !!only.name && nameMatch(only.name, h1) < 0.25 && !(only.url && sameUrl(only.url, pageUrl));
    return { product: only, confidence: unrelated ? "low" : "high" };
  }
  let best: T | null = null;
  let bestScore = -1;
  products.forEach((p, i) => {
    let s = 0;
    if (nameMatch(p.name, h1) >= 0.7) s += 3;
    if (p.url && sameUrl(p.url, pageUrl)) s += 3;
    if (p.offers.some((o) => o.price !== null)) s += 1;
    s -= i * 0.01;
    if (s > bestScore) {
      best = p;
      bestScore = s;
    }
  });
  return { product: best, confidence: bestScore >= 3 ? "high" : "low" };
}

function summarize(offers: TOffer[]): { currency: string | null; available: boolean | null } {
  return {
    currency: offers.find((o) => o.currency)?.currency ?? null,
    available: offers.some((o) => o.available === true)
      ? true
      : offers.length > 0 && offers.every((o) => o.available === false)
        ? false
        : null,
  };
}

export function chooseStructured(scan: TPageScan, zones: TZones, pageUrl: string, h1: string | null): TStructuredPick {
  const pick: TStructuredPick = {
    price: null,
    currency: null,
    available: null,
    title: null,
    method: null,
    confidence: "high",
    offerPrices: [],
    range: null,
    candidates: [],
    regularPrice: null,
    shipping: null,
    offers: [],
  };
  const json = pickProduct(extractJsonLdProducts(scan.jsonLd), pageUrl, h1);
  const micro = pickProduct(
    extractMicrodataProducts(scan.itemprops, scan.rdfa).filter((p) => !p.el || !zones.isOffTopic(p.el)),
    pageUrl,
    h1,
  );
  const meta = extractMetaOffer(scan.metas) ?? extractShopifyMeta(scan.otherScripts, pageUrl);

  const sources: Array<{
    method: "jsonld" | "microdata";
    product: TStructuredProduct | null;
    confidence: "high" | "low";
    score: number;
  }> = [
    { method: "jsonld", product: json.product, confidence: json.confidence, score: S.jsonld },
    { method: "microdata", product: micro.product, confidence: micro.confidence, score: S.microdata },
  ];
  for (const s of sources) {
    if (!s.product) continue;
    const offer = chooseOffer(s.product.offers, pageUrl);
    const summary = summarize(s.product.offers);
    const currency = offer?.currency ?? summary.currency;
    const available = offer?.available ?? summary.available;
    const score = s.confidence === "high" ? s.score : s.score + S.otherProduct;
    pick.candidates.push(...offerCandidates(s.product.offers, offer, s.method, currency, score));
    pick.title = pick.title ?? s.product.name;
    if (pick.price === null && offer?.price && offer.price !== "0") {
      pick.price = offer.price;
      pick.currency = currency;
      pick.method = s.method;
      pick.confidence = s.confidence;
      pick.regularPrice = offer.regularPrice ?? null;
      pick.shipping = offer.shipping ?? null;
      pick.offers = s.product.offers;
      const buyable = s.product.offers.filter((o) => o.available !== false);
      pick.offerPrices = [
        ...new Set(buyable.flatMap((o) => [o.price, o.highPrice ?? null]).filter((p): p is string => !!p && p !== "0")),
      ];
      const agg = s.product.offers.find((o) => o.highPrice && o.price && Number(o.highPrice) > Number(o.price));
      if (agg?.price && agg.highPrice) pick.range = { low: agg.price, high: agg.highPrice };
    }
    if (pick.currency === null && pick.price === offer?.price) pick.currency = currency;
    if (pick.available === null) pick.available = available;
  }
  if (meta) {
    if (meta.price)
      pick.candidates.push({
        price: meta.price,
        currency: meta.currency,
        source: meta.source,
        score: S.meta,
        kind: "structured",
        label: null,
        sku: null,
        locator: meta.source,
      });
    for (const v of (meta.variants ?? []).slice(0, MAX_OFFER_CANDIDATES)) {
      pick.candidates.push({
        price: v.price,
        currency: meta.currency,
        source: meta.source,
        score: S.meta - 20,
        kind: "variant",
        label: v.name,
        sku: v.sku,
        locator: v.sku ? `${meta.source}:sku=${v.sku}` : `${meta.source}:variant=${v.id}`,
      });
    }
    if (pick.price === null && meta.price && meta.price !== "0") {
      pick.price = meta.price;
      pick.currency = meta.currency;
      pick.method = "meta";
    }
    if (pick.currency === null && pick.price === meta.price) pick.currency = meta.currency;
    if (pick.available === null) pick.available = meta.available;
  }
  return pick;
}
