// Pure product extraction from an HTML page: price, ISO currency, availability, title.
// No network, no database, no framework import; never throws.
import { reconcilePrice, type TCurrencyInfo } from "./extract/reconcile-price";
import { chooseStructured, type TStructuredCandidate, type TStructuredPick } from "./extract/choose-structured";
import { computeConfidence } from "./extract/compute-confidence";
import { findRegularPrice } from "./extract/find-regular-price";
import { findShipping } from "./extract/find-shipping";
import { optionCandidates } from "./extract/option-candidates";
import { listCandidates, type TExtractCandidate } from "./extract/list-candidates";
import { computeZones } from "./extract/page-zones";
import { pageLocale } from "./extract/page-locale";
import { runSelector } from "./extract/run-selector";
import { collectTextCandidates, type TTextCandidate } from "./extract/text-candidates";
import { textAvailability } from "./extract/text-availability";
import { headingText, type TPageScan, scanPage } from "./extract/scan-page";
import type { TZones } from "./extract/page-zones";
import {
  CHEAPEST_NEW_RULE,
  findBuyBox,
  listSellerOffers,
  OFFER_RULE,
  offerByRule,
  type TSellerOffer,
} from "./extract/page-offers";
import { embeddedOffers } from "./extract/embedded-offers";
import { markupOffers, type TMarkupOffers } from "./extract/markup-offers";
import { FAMILY_CODES } from "./extract/resolve-currency";
import { WEIGHTS } from "./extract/weights";

const T = WEIGHTS.thresholds;

export type TExtractMethod = "jsonld" | "microdata" | "meta" | "selector" | "text";

export type { TCandidateKind, TExtractCandidate } from "./extract/list-candidates";

export type TExtractResult = {
  price: string | null;
  currency: string | null;
  available: boolean | null;
  title: string | null;
  method: TExtractMethod | null;
  // The reference price of a sale (crossed-out, list price), and a stated shipping cost; never guessed.
  regularPrice: string | null;
  shipping: string | null;
  // What members (loyalty card, club, subscription) or a coupon or promo code pay: beside the price, never it.
  memberPrice: string | null;
  couponPrice: string | null;
  // The offers of several sellers when the page lists them (at most MAX_OFFERS), else empty.
  offers: TPageOffer[];
  // 0..1; under WEIGHTS.confidence.threshold the price should not be trusted (see `uncertainReason`).
  confidence: number;
  uncertainReason: string | null;
  candidates: TExtractCandidate[];
};

/**
 * One seller's offer as the page lists it (a marketplace page lists several; the buy-box one is the URL's price
 * unless the URL's rule names another: "offer:cheapest-new", "offer:seller=<name>"). Shipping null: not stated.
 */
export type TPageOffer = TSellerOffer;

export type TExtractOptions = { selector?: string | null };

const MAX_HTML = 8_000_000;

function emptyResult(): TExtractResult {
  return {
    price: null,
    currency: null,
    available: null,
    title: null,
    method: null,
    regularPrice: null,
    shipping: null,
    memberPrice: null,
    couponPrice: null,
    offers: [],
    confidence: 0,
    uncertainReason: null,
    candidates: [],
  };
}

// A rule chosen among the candidates that names structured data ("jsonld:sku=NOVA12-256"), not a CSS path.
const STRUCTURED_RULE = /^(?:jsonld|microdata|meta)(?::shopify)?(?::|$)/;

function structuredRule(rule: string, structured: Array<{ locator: string; price: string; currency: string | null }>) {
  const found = structured.find((c) => c.locator === rule);
  return found ? { amount: found.price, currency: found.currency, ambiguous: false, family: null } : null;
}

/**
 * The best-placed member or coupon price of the page, if any: below the price, and not so far below that it is
 * rather the amount taken off ("coupon de 5 €").
 */
function conditionalPrice(kind: "member" | "coupon", price: string | null, text: TTextCandidate[]): string | null {
  if (price === null) return null;
  const top = Number(price);
  let best: TTextCandidate | null = null;
  for (const c of text) {
    const value = Number(c.price);
    if (c.excluded === kind && value < top && value >= top / 2 && (!best || c.softScore > best.softScore)) best = c;
  }
  return best?.price ?? null;
}

const CONDITION_FR = { new: "neuf", used: "occasion", refurbished: "reconditionné" } as const;

/** The price picker's choices on a marketplace page: each seller's offer, and the cheapest new one. */
function offerCandidates(offers: TSellerOffer[]): TStructuredCandidate[] {
  if (offers.length === 0) return [];
  const listed = offers.map(
    (o): TStructuredCandidate => ({
      price: o.price,
      currency: o.currency,
      source: "jsonld",
      score: WEIGHTS.structured.jsonld - 10,
      kind: "offer",
      label: [
        o.seller ?? "Vendeur",
        o.condition ? CONDITION_FR[o.condition] : null,
        o.buyBox ? "offre principale" : null,
      ]
        .filter(Boolean)
        .join(" – "),
      sku: null,
      locator: `offer:seller=${o.seller ?? ""}`,
    }),
  );
  const cheapest = offerByRule(offers, CHEAPEST_NEW_RULE);
  if (cheapest)
    listed.unshift({
      price: cheapest.price,
      currency: cheapest.currency,
      source: "jsonld",
      score: WEIGHTS.structured.jsonld - 5,
      kind: "offer",
      label: "L'offre la moins chère (neuf, livraison comprise)",
      sku: null,
      locator: CHEAPEST_NEW_RULE,
    });
  return listed.filter((c) => c.locator !== "offer:seller=");
}

/** Prices the product block shows (not crossed out, not another product's). */
function shownPrices(text: TTextCandidate[], zones: TZones): Set<string> {
  return new Set(text.filter((c) => !c.excluded && zones.isInMain(c.el)).map((c) => c.price));
}

/**
 * The buy-box offer: the one the data flags, else the markup block holding the page's best price, else the one
 * whose price the page shows most strongly (findBuyBox). None when markup offers leave the page's price outside
 * every seller's block (the page's own offer is not among them).
 */
function pickBuyBox(
  offers: TSellerOffer[],
  markup: TMarkupOffers | null,
  bestText: TTextCandidate | null,
  text: TTextCandidate[],
  scan: TPageScan,
  zones: TZones,
): { index: number; shown: boolean } | null {
  const flagged = offers.findIndex((o) => o.buyBox);
  for (const o of offers) o.buyBox = false;
  if (flagged >= 0) return { index: flagged, shown: shownPrices(text, zones).has(offers[flagged]!.price) };
  if (markup) {
    const index = bestText ? markup.offerOf(bestText.el) : -1;
    return index >= 0 ? { index, shown: zones.isInMain(bestText!.el) } : null;
  }
  return findBuyBox(offers, text, scan, zones);
}

const PESO_DOLLARS = new Set(["CLP", "ARS", "COP", "MXN", "UYU", "DOP"]);

function refineCurrency(
  info: TCurrencyInfo,
  structured: string | null,
  declared: string | null,
  domain: string | null,
): string | null {
  const { currency, ambiguous, family } = info;
  if (currency && !ambiguous) return currency;
  if (family) {
    const codes = FAMILY_CODES[family];
    if (structured && codes.has(structured)) return structured;
    if (declared && codes.has(declared)) return declared;
    // "kr" has no default, and "$" on a Chilean, Argentinian, Colombian or Mexican shop is the local peso.
    if (domain && codes.has(domain) && (family === "krona" || (family === "dollar" && PESO_DOLLARS.has(domain))))
      return domain;
    return currency;
  }
  return currency ?? structured ?? declared ?? domain;
}

export function extractProduct(html: string, pageUrl: string, options: TExtractOptions = {}): TExtractResult {
  try {
    return extractUnsafe(
      typeof html === "string" ? html.slice(0, MAX_HTML) : "",
      typeof pageUrl === "string" ? pageUrl : "",
      options ?? {},
    );
  } catch {
    return emptyResult();
  }
}

function extractUnsafe(html: string, pageUrl: string, options: TExtractOptions): TExtractResult {
  if (!/\S/.test(html)) return emptyResult();
  const { doc, scan } = scanPage(html);
  const zones = computeZones(scan);
  const ogLocale = scan.metas.get("og:locale")?.[0] ?? null;
  const locale = pageLocale(scan.lang, ogLocale, pageUrl);
  const h1Text = zones.mainH1 ? headingText(zones.mainH1) : null;

  const structured: TStructuredPick = chooseStructured(scan, zones, pageUrl, h1Text);
  const localeForText = structured.currency ?? locale.declared;
  const textCands: TTextCandidate[] = collectTextCandidates(scan, zones, localeForText);
  let liveText = textCands.filter((c) => !c.excluded).sort((a, b) => b.score - a.score);
  if (!liveText.some((c) => c.score >= T.strongText)) {
    // Themes that label the only price "regular": use it when nothing better is shown.
    const soft = textCands
      .filter((c) => c.excluded === "maybe-crossed-out")
      .map((c) => ({ ...c, excluded: null, score: c.softScore }));
    liveText = [...liveText, ...soft].sort((a, b) => b.score - a.score);
  }
  const bestText = liveText[0] ?? null;

  let price: string | null = null;
  let currencyInfo: TCurrencyInfo = { currency: null, ambiguous: false, family: null };
  let method: TExtractMethod | null = null;
  let selectorCandidate: TExtractCandidate | null = null;

  const offerRule = options.selector && OFFER_RULE.test(options.selector) ? options.selector : null;
  const sel =
    options.selector && !offerRule
      ? STRUCTURED_RULE.test(options.selector)
        ? structuredRule(options.selector, [...structured.candidates, ...optionCandidates(scan, zones, localeForText)])
        : runSelector(doc, options.selector, localeForText)
      : null;
  // A structured rule is already among the candidates (same locator): only a CSS rule adds one.
  if (sel && options.selector && !STRUCTURED_RULE.test(options.selector) && !offerRule) {
    selectorCandidate = {
      price: sel.amount,
      currency: sel.currency,
      source: "selector",
      score: WEIGHTS.structured.selector,
      kind: "selector",
      context: options.selector,
      locator: options.selector,
      label: null,
      sku: null,
    };
  }
  if (sel) {
    price = sel.amount;
    currencyInfo = { currency: sel.currency, ambiguous: sel.ambiguous, family: sel.family };
    method = "selector";
  }

  let available = structured.available;
  if (available === null) available = textAvailability(scan, zones);

  if (!method && structured.price !== null) {
    const r = reconcilePrice(structured, textCands, liveText);
    price = r.price;
    currencyInfo = r.currencyInfo;
    method = r.method;
  }

  if (!method && bestText) {
    const threshold = available === false ? T.textOnlyUnavailable : zones.h1Order < 0 ? T.textOnlyNoTitle : T.textOnly;
    if (bestText.score >= threshold) {
      price = bestText.price;
      currencyInfo = {
        currency: bestText.parsed.currency,
        ambiguous: bestText.parsed.currencyAmbiguous,
        family: bestText.parsed.currencyFamily,
      };
      method = "text";
    }
  }

  // A marketplace: the buy-box offer is the price, with its own crossed-out price and shipping or none; the
  // URL's rule may name another offer instead. Offers come from structured data, else embedded JSON, else markup.
  let offers = listSellerOffers(structured.offers);
  let markup: TMarkupOffers | null = null;
  if (offers.length === 0 && scan.offerScripts.length > 0)
    offers = embeddedOffers(scan.offerScripts, shownPrices(textCands, zones));
  if (offers.length === 0) {
    markup = markupOffers(scan, zones, textCands);
    offers = markup.offers;
  }
  let offer: TSellerOffer | null = null;
  let offerConfidence = 0;
  const buyBox =
    offers.length > 0 && method !== "selector" ? pickBuyBox(offers, markup, bestText, textCands, scan, zones) : null;
  if (buyBox) {
    offers[buyBox.index]!.buyBox = true;
    const ruled = offerRule ? offerByRule(offers, offerRule) : null;
    offer = ruled ?? offers[buyBox.index]!;
    price = offer.price;
    currencyInfo = { currency: offer.currency ?? structured.currency, ambiguous: false, family: null };
    method = ruled ? "selector" : (structured.method ?? method ?? "text");
    if (offer.available !== null) available = offer.available;
    offerConfidence = ruled
      ? 1
      : buyBox.shown
        ? WEIGHTS.confidence.structuredOwnProduct
        : WEIGHTS.confidence.structuredOtherProduct;
  }
  // Other sellers' crossed-out prices and shipping are never the page's own.
  const ownText = markup && !offer ? textCands.filter((c) => markup.offerOf(c.el) < 0) : textCands;

  // An add-to-cart button next to the price states that it can be bought; without one (a price "en magasin",
  // a quote, a catalogue page) the page does not say, and neither do we.
  if (available === null && price !== null && zones.cartOrder >= 0) available = true;

  const currency =
    price === null ? null : refineCurrency(currencyInfo, structured.currency, locale.declared, locale.domain);

  const title = structured.title ?? h1Text ?? scan.metas.get("og:title")?.[0]?.trim() ?? scan.titleText ?? null;
  const computed = computeConfidence(method, price, currency, structured, liveText);
  const { confidence, reason } = offer ? { confidence: offerConfidence, reason: null } : computed;
  const candidates = listCandidates(
    [...structured.candidates, ...optionCandidates(scan, zones, localeForText), ...offerCandidates(offers)],
    selectorCandidate,
    [...liveText, ...textCands.filter((x) => x.excluded)],
    zones,
    title,
  );
  return {
    price,
    currency,
    available,
    title: title || null,
    method,
    regularPrice: offer
      ? offer.regularPrice
      : findRegularPrice(price, currency, structured.regularPrice, ownText, zones),
    shipping: offer ? offer.shipping : price === null ? null : findShipping(structured.shipping, ownText, zones),
    memberPrice: conditionalPrice("member", price, textCands),
    couponPrice: conditionalPrice("coupon", price, textCands),
    offers,
    confidence,
    uncertainReason: confidence < WEIGHTS.confidence.threshold ? reason : null,
    candidates,
  };
}
