import type { Element } from "domhandler";
import { parsePriceDetailed, type TParsedPriceDetailed } from "../parse-price";
import { ancestors, classTokens, isElement, struckKind, textOf, visibleText } from "./dom-utils";
import type { TZones } from "./page-zones";
import { platformWeight } from "./platform-rules";
import { structuredAmount } from "./structured-values";
import type { TPageScan } from "./scan-page";
import { WEIGHTS } from "./weights";

const W = WEIGHTS.text;
import { phraseRegex } from "./phrase-regex";
import { COUPON_PRICE, DEAL_PRICE, MEMBER_PRICE, PRICE_CONTEXT } from "./phrases";

export type TTextCandidate = {
  price: string;
  parsed: TParsedPriceDetailed;
  score: number;
  source: string;
  excluded: string | null;
  // Score the candidate would have if its exclusion were lifted.
  softScore: number;
  // Announced as a limited-time public deal (the price to pay while it lasts).
  deal: boolean;
  el: Element;
};

const PURPOSE_TOKEN = new RegExp(
  "^(?:unit|perunit|unitprice|priceperunit|baseprice|grundpreis|ecotax|ecotaxe|eco|ecopart|ecoparticipation" +
    "|deee|shipping|delivery|livraison|installment|installments|instalment|mensualite|mensualites|monthly" +
    "|permonth|credit|financing|klarna|alma|oney|cofidis|paypal|afterpay|saving|savings|save|economy|economie" +
    "|discount|reduction|percent|percentage|badge|subtotal|total|minicart|filter|facet|rating|stars|reviews|qty" +
    "|quantity|fees|frais|points|loyalty|cashback|reward|rewards|ppu|textprice)$",
);
const CONTEXT_RE = phraseRegex(PRICE_CONTEXT);
const MEMBER_RE = phraseRegex(MEMBER_PRICE);
const COUPON_RE = phraseRegex(COUPON_PRICE);
const DEAL_RE = phraseRegex(DEAL_PRICE);

/** A deal badge is near its price: the amount's text, or its two nearest containers' (bounded). */
function announcedDeal(el: Element, text: string): boolean {
  if (DEAL_RE.test(text)) return true;
  let box: Element = el;
  for (let i = 0; i < 2 && isElement(box.parent); i++) {
    box = box.parent;
    if (DEAL_RE.test(visibleText(box, 300, true))) return true;
  }
  return false;
}

const MEMBER_TOKEN = /^(?:member|members|memberprice|club|clubprice|adherent|adherents|fidelite|subscriber)$/;
const COUPON_TOKEN = /^(?:coupon|coupons|couponprice|voucher|promocode|codepromo)$/;

/**
 * "member" or "coupon" when the words before the amount (in its text, in the previous siblings, or in the
 * parent element since the amount before it) or the class names of the amount and its two parents say so.
 */
function conditionalKind(
  el: Element,
  text: string,
  before: string,
  siblings: string,
  main: boolean,
): "member" | "coupon" | null {
  let words = `${before} ${siblings}`;
  // the container's words only in the product block (a DOM walk per amount)
  if (main && isElement(el.parent)) {
    const box = visibleText(el.parent, 160, true);
    const at = box.indexOf(text.slice(0, 8));
    // the words since the amount before it, if any ("Prix adhérent 116,10 € | 129,00 €": none for 129)
    const prefix = box.slice(Math.max(0, at - 80), Math.max(0, at));
    if (at > 0) words += ` ${prefix.slice(prefix.search(/\d(?=\D*$)/) + 1)}`;
  }
  if (MEMBER_RE.test(words)) return "member";
  if (COUPON_RE.test(words)) return "coupon";
  for (const a of [el, ...ancestors(el, 2)]) {
    const tokens = classTokens(a).flatMap((t) => t.split(/[-_]/));
    if (tokens.some((t) => MEMBER_TOKEN.test(t))) return "member";
    if (tokens.some((t) => COUPON_TOKEN.test(t))) return "coupon";
  }
  return null;
}
const INSTALMENT_RE = new RegExp(
  String.raw`\/\s?\d*\s?(?:g|kg|l|ml|cl|m|m²|m2|pièce|unité|stk|st|lb|oz)\b|€\/(?:kg|l|m)|prix au|le litre|\/\s?mois` +
    String.raw`|par mois|per month|\/\s?mo\b|\d\s?x sans frais|\d\s?fois sans frais|mensualit|\/\s?kg\b|\/\s?m²|le kg\b` +
    "|dont éco|d'éco-?part",
  "i",
);
const EXCL_TAX =
  /\bHT\b|hors tax|excl\.?\s?(?:vat|tax|btw|mwst|iva)|ex\.? vat|sans tva|\bnetto\b|zzgl|exkl|bez dph|sin iva|\+ ?(?:vat|iva|tva)\b/i;
const PART_TOKEN =
  /^(?:integer|int|whole|decimal|decimals|fraction|fractional|cents?|dec|currency|symbol|separator|sep|euros|units?)$/;
const CURRENT_TOKEN =
  /^(?:current|sale|sales|final|finalprice|special|our|ourprice|actual|now|new|selling|deal|promo|offer|topay|pricetopay|main|primary)$/;
const PRICE_WORD = /price|prix|preis|precio|prezzo|^cena$|^pris$|amount|tarif|prijs/;

function siblingText(el: Element): string {
  let p = el.prev;
  let guard = 0;
  let out = "";
  while (p && guard++ < 3 && out.length < 80) {
    const t = p.type === "text" ? textOf(p) : isElement(p) ? visibleText(p, 80, true) : "";
    if (/\d/.test(t)) break;
    out = t + out;
    p = p.prev;
  }
  return out.slice(-80);
}

function literalAttr(el: Element): string | null {
  const a = el.attribs;
  const raw =
    a["data-price-amount"] ??
    (a.itemprop === "price" || PRICE_WORD.test(classTokens(el).join(" ")) ? a.content : undefined);
  if (raw === undefined) return null;
  return structuredAmount(raw);
}

export function collectTextCandidates(scan: TPageScan, zones: TZones, localeCurrency: string | null): TTextCandidate[] {
  const out: TTextCandidate[] = [];
  const seen = new Set<Element>();
  const els = [...scan.priceEls, ...scan.textPriceEls];
  const priceSet = new Set(scan.priceEls);
  for (const el of els) {
    if (seen.has(el)) continue;
    seen.add(el);
    if (out.length > 400) break;
    const fromTextNode = !priceSet.has(el);
    const { weight, name } = fromTextNode ? { weight: 0, name: null } : platformWeight(el);
    const ownKind = struckKind(el);
    let text = visibleText(el, 400).replace(/\s+/g, " ").trim();
    if (!/\d/.test(text) && ownKind !== "hard") text = visibleText(el, 400, true).replace(/\s+/g, " ").trim();
    if (text.length > 250 && weight < W.longTextMinPlatform) continue;
    const literal = literalAttr(el);
    let parsed = parsePriceDetailed(text.slice(0, 250), { localeCurrency });
    if (parsed.amount !== null && parsed.currency === null && isElement(el.parent)) {
      // "<span class=currency>€</span><span class=price>49,90</span>": the symbol sits next door.
      const around = visibleText(el.parent, 120).replace(/\s+/g, " ");
      if (around.length < 120)
        parsed = {
          ...parsed,
          currency: parsePriceDetailed(text.slice(0, 250), { localeCurrency, currencyHint: around }).currency,
        };
    }
    let price = parsed.amount;
    if (literal !== null && (price === null || weight >= 50)) price = literal;
    if (price === null) {
      const dp = el.attribs["data-price"] ?? el.attribs["data-product-price"];
      if (dp !== undefined && /^\d+(?:\.\d+)?$/.test(dp.trim())) price = structuredAmount(dp);
    }
    if (price === null || price === "0") continue;

    const tokens = classTokens(el);
    // One piece of a split price ("12" + "<sup>99</sup>"): its parent carries the whole price.
    if (el.name === "sup" || tokens.some((t) => PART_TOKEN.test(t))) continue;
    const chain = [el, ...ancestors(el, 6)];
    let excluded: string | null = null;
    const before = text.slice(0, text.search(/\d/) + 3);
    const siblings = siblingText(el);
    if (zones.isOffTopic(el)) excluded = "off-topic";
    else if (chain.some((a) => struckKind(a) === "hard")) excluded = "crossed-out";
    else if ((excluded = conditionalKind(el, text, before, siblings, zones.isInMain(el))) !== null) {
      // a member or coupon price: recorded beside the public price, never chosen as it
    } else if (chain.slice(0, 3).some((a) => struckKind(a) === "soft")) excluded = "maybe-crossed-out";
    else if (chain.slice(0, 4).some((a) => classTokens(a).some((t) => PURPOSE_TOKEN.test(t))))
      excluded = "not-the-price";
    else if (CONTEXT_RE.test(before) || INSTALMENT_RE.test(text) || CONTEXT_RE.test(siblings)) excluded = "context";

    let score = W.base + weight;
    const kind =
      name ??
      (fromTextNode
        ? "visible"
        : tokens.some((t) => t.includes("price") || t.includes("prix"))
          ? "class-price"
          : "attr-price");
    if (!name && !fromTextNode) score += W.priceElement;
    if (tokens.some((t) => CURRENT_TOKEN.test(t))) score += W.currentToken;
    if (el.attribs.itemprop === "price") score += W.itempropPrice;
    if (zones.isInMain(el)) score += W.inMainBlock;
    const order = scan.order.get(el) ?? 0;
    if (zones.h1Order >= 0) {
      const d = Math.abs(order - zones.h1Order);
      score += W.nearTitle.find((n) => d < n.within)?.points ?? 0;
      if (order > zones.h1Order) score += W.afterTitle;
      if (zones.cartOrder > zones.h1Order && order > zones.h1Order && order < zones.cartOrder)
        score += W.betweenTitleAndCart;
    }
    if (parsed.hasAdjacentCurrency) score += W.currencyNextToAmount;
    else if (parsed.currency === null && literal === null) score += W.noCurrency;
    if (parsed.numberCount > W.manyNumbers.over) score += W.manyNumbers.points;
    if (EXCL_TAX.test(text) && !/\bTTC\b|incl\.?|inkl\.?|iva incl|tax incl/i.test(text)) score += W.excludingTax;
    const deal = !excluded && zones.isInMain(el) && announcedDeal(el, text);
    out.push({
      price,
      parsed,
      score: excluded ? -1 : score,
      softScore: score,
      source: `text:${kind}`,
      excluded,
      deal,
      el,
    });
  }
  return out;
}
