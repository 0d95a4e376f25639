import type { AnyNode, Document, Element, Text } from "domhandler";
import { attr, classTokens, hiddenByClass, isElement, isHidden, textOf } from "./dom-utils";
import { ATTR } from "./html-tags";
import { parseHtml } from "./parse-html";
import { phraseRegex } from "./phrase-regex";
import { showsAmount } from "./shows-amount";
import { CART_LABELS, OTHER_OFFERS_HEADINGS, RELATED_HEADINGS } from "./phrases";

// Everything later stages need, gathered while the page is parsed (no recursion, so pathological nesting cannot
// overflow the stack).
export type TPageScan = {
  order: Map<Element, number>;
  lang: string | null;
  metas: Map<string, string[]>;
  jsonLd: string[];
  otherScripts: string[];
  titleText: string | null;
  h1s: Element[];
  itemprops: Element[];
  rdfa: Element[];
  priceEls: Element[];
  textPriceEls: Element[];
  buttons: Element[];
  // Buttons whose label speaks of stock; the short texts that do are found by availabilityTexts, when needed.
  availabilityEls: Array<{ el: Element; text: string }>;
  // Every text node under 160 characters (the candidates of availabilityTexts) and its parent's order index.
  shortTexts: Text[];
  shortTextOrder: number[];
  relatedRoots: Set<Element>;
  hiddenRoots: Set<Element>;
  // <option>s of size/colour selectors that show a price ("128 Go – 899 €").
  priceOptions: Element[];
  // Seller names ("Vendu par <b>X</b>", class "seller-name"): a marketplace's offers, one per seller block.
  sellerEls: Array<{ el: Element; name: string | null }>;
  // Sections under a heading like "Autres vendeurs", "3 offres pour ce produit".
  offersRoots: Set<Element>;
  // Scripts (not JSON-LD) that name sellers: a marketplace's embedded state.
  offerScripts: string[];
};

// Product pages have a few dozen of each; the cap bounds the work on huge listing pages.
const LIMIT = 600;
const NO_TOKENS: string[] = [];
const NO_ATTRIBS: Record<string, string | undefined> = Object.freeze({});
const RAW_HINT = new RegExp(
  "sp_detail|sims|also|sell|price|prix|preis|precio|prezzo|cena|pris|amount|tarif|prijs|offscreen|cost|montant" +
    "|related|similar|recommend|reco|upsell|cross|accessor|carousel|slider|swiper|suggest|recently|history|viewed" +
    "|bundle|complementary|alsobought|cmp|sponsored|sims|vend|merchant|marchand",
  "i",
);
const SELLER_TOKEN = /^(?:seller|sellername|vendeur|vendor|vendorname|merchant|merchantname|marchand|soldby)$/;
const NOT_SELLER_NAME =
  /^(?:sellers|vendeurs|rating|ratings|stars|reviews|avis|note|logo|img|image|icon|count|link|info|infos|details|badge|label|title)$/;
// "Vendu par X", "Vendu et expédié par", "Sold by": the seller's name follows.
const SOLD_BY =
  /(?:vendeur\s*:|seller\s*:|verkäufer\s*:|vendu(?: et expédié)? par|expédié et vendu par|sold by|ships from and sold by|verkauf durch|verkauft von|vendido por|venduto da)\s*:?\s*(.*)$/i;
const SELLER_SCRIPT =
  /"(?:seller|sellerName|seller_name|merchant|merchantName|vendor|vendorName|shopName|soldBy)"\s*:/i;
const PRICE_TOKEN =
  /price|prix|preis|precio|prezzo|^cena$|^pris$|amount|tarif|prijs|fpprice|offscreen|^cost$|^montant$/;
// A currency alone, possibly with a short tax note: "円(税込)", "€ TTC" is not one (letters), "원" is.
const CURRENCY_ONLY =
  /^\s*(?:[€$£¥￥₹₽₺₴₪₩₫฿₱₦]|円|元|원|EUR|USD|GBP|CHF|PLN|CZK|Kč|zł|Ft|lei|Lei|kr|TL|руб\.?|грн\.?|р\.)\s*(?:[(（][^)）\d]{1,6}[)）])?\s*$/;
const RELATED_RAW = new RegExp(
  String.raw`sp_detail|sims-|-sims\b|also-?viewed|also-?bought|also_bought|customers-also|cross-?sell|up-?sell` +
    "|recently-?viewed|you-?may-?also|product-recommendations|recommendation",
  "i",
);
// Recommendations, and a marketplace's other sellers: neither holds the price of the page's own offer. Two regexes
// rather than one alternation of both tables: the offers phrases open with \b or \d, which slow every position of
// a joined pattern.
const RELATED_HEADING = phraseRegex(RELATED_HEADINGS);
const OFFERS_HEADING = phraseRegex(OTHER_OFFERS_HEADINGS);
const RELATED_TOKEN = new RegExp(
  "^(?:related|similar|recommend|recommendations?|reco|recos|upsell|upsells|crosssell|cross|accessories" +
    "|carousel|slider|swiper|suggestions?|recently|history|viewed|bundle|complementary|alsobought|cmp|sponsored|sims)$",
);
const AVAIL_HINT = new RegExp(
  "stock|stoc|stok|slut|dispon|availab|verfügbar|lieferbar|épuisé|epuise|sold|agotado|esaurito|rupture" +
    "|indisponi|unavailable|ausverkauft|skladem|sklade|raktár|elfogyott|magazyn|stanie|voorraad|lager|наличи" +
    "|наявност|vyprodáno|vypredané|dostęp|dostup|esgotad|estoque|varasto|διαθέσιμ|εξαντλ|在庫|売り切れ|品切れ|缺货|有货|售罄|품절" +
    "|구매 가능|изчерпан|zalihi|rasprodan|išparduot|sandėl|izpārdots|noliktav|laos|läbimüüd|tükendi|existencia" +
    String.raw`|réapprovisionnement|bientôt|coming soon|commande|derniers? articles?|last items?|left\b` +
    String.raw`|expédié|dispatched|ships\b|livraison en \d|livré|pre-?order|précommande`,
  "i",
);
const CART_WORDS = phraseRegex(CART_LABELS);
const TITLE_HINT = /title|heading/i;
const CART_HINT = /btn|button|cart|basket|panier|bag|buy|add|ajout/i;
const CART_TOKEN = new RegExp(
  String.raw`addtocart|add-to-cart|add_to_cart|addtobasket|btncart|buybox|buy-now|buynow|submit\.add|product-form__submit` +
    "|single_add_to_cart|ajoutpanier|ajout-panier|add-to-bag|addtobag",
);

// What an element's class and id say (facts).
const F_HIDDEN = 1;
const F_RELATED = 2;
const F_SELLER = 4;
const F_PRICE = 8;
const F_TITLE = 16;
const F_CART = 32;
// The facts of an element whose only attribute of those read is its class, by class: product cards and menu
// items repeat a few classes hundreds of times a page. A direct-mapped cache (a slot per hash of a few of the
// class's characters, the last class seen there kept): cheaper than a Map, whose hash reads every character of
// each freshly sliced class. The facts are a function of the class alone.
const SLOTS = 4096;
const SLOT_CLASS: Array<string | null> = new Array(SLOTS).fill(null);
const SLOT_FACTS = new Int32Array(SLOTS);

function slotOf(cls: string): number {
  const n = cls.length;
  if (n < 3) return n === 0 ? 0 : (cls.charCodeAt(0) * 31 + n) & (SLOTS - 1);
  const h = ((cls.charCodeAt(0) * 31 + cls.charCodeAt(n >> 1)) * 31 + cls.charCodeAt(n - 3)) * 31;
  return ((h + cls.charCodeAt(n - 2)) * 31 + cls.charCodeAt(n - 1) + n * 7) & (SLOTS - 1);
}

function facts(el: Element, cls: string | undefined, id: string | undefined, bits: number): number {
  const byClass = cls !== undefined && id === undefined && !(bits & (ATTR.hidden | ATTR.style));
  let slot = -1;
  if (byClass) {
    slot = slotOf(cls);
    if (SLOT_CLASS[slot] === cls) return SLOT_FACTS[slot]!;
  }
  // class and id are tested one by one rather than as `${class} ${id}`: none of these patterns can
  // match across the joining space, and the scan then allocates no string per element.
  // Every RELATED_RAW match is also a RAW_HINT match, so RELATED_RAW only runs on hinted elements.
  const hinted = (cls !== undefined && RAW_HINT.test(cls)) || (id !== undefined && RAW_HINT.test(id));
  const tokens = hinted ? classTokens(el) : NO_TOKENS;
  let f = 0;
  if (bits & (ATTR.hidden | ATTR.style) ? isHidden(el) : cls !== undefined && hiddenByClass(cls)) f |= F_HIDDEN;
  if (
    hinted &&
    ((tokens.length > 0 && tokens.some((t) => RELATED_TOKEN.test(t))) ||
      (cls !== undefined && RELATED_RAW.test(cls)) ||
      (id !== undefined && RELATED_RAW.test(id)))
  )
    f |= F_RELATED;
  if (hinted && tokens.some((t) => SELLER_TOKEN.test(t)) && !tokens.some((t) => NOT_SELLER_NAME.test(t))) f |= F_SELLER;
  if (tokens.some((t) => PRICE_TOKEN.test(t))) f |= F_PRICE;
  if ((cls !== undefined && TITLE_HINT.test(cls)) || (id !== undefined && TITLE_HINT.test(id))) f |= F_TITLE;
  if ((cls !== undefined && CART_HINT.test(cls)) || (id !== undefined && CART_HINT.test(id))) f |= F_CART;
  if (byClass) {
    SLOT_CLASS[slot] = cls;
    SLOT_FACTS[slot] = f;
  }
  return f;
}

/** A seller's block as found: sure, or a "Vendu par" text whose seller is the next element (known at the end). */
type TSellerFound = { el: Element; name: string | null; soldBy: Text | null };

function emptyScan(): TPageScan {
  return {
    order: new Map(),
    lang: null,
    metas: new Map(),
    jsonLd: [],
    otherScripts: [],
    titleText: null,
    h1s: [],
    itemprops: [],
    rdfa: [],
    priceEls: [],
    textPriceEls: [],
    buttons: [],
    availabilityEls: [],
    shortTexts: [],
    shortTextOrder: [],
    relatedRoots: new Set(),
    hiddenRoots: new Set(),
    priceOptions: [],
    sellerEls: [],
    offersRoots: new Set(),
    offerScripts: [],
  };
}

/**
 * The section a heading titles: its parent when it is among the parent's first two elements (a section title comes
 * first; deeper headings are content), else the grandparent when the heading is its parent's only element.
 */
function sectionOf(el: Element, parent: Element): Element | null {
  let elements = 0;
  for (const c of parent.children) {
    if (!isElement(c)) continue;
    if (c === el) return parent;
    if (++elements === 2) return null;
  }
  return elements === 1 && isElement(parent.parent) ? parent.parent : null;
}

const textOfChildren = (el: Element): string => el.children.map((c) => (c.type === "text" ? textOf(c) : "")).join("");

/**
 * The page's tree and everything later stages need of it, read while the tree is built (parseHtml's visitor):
 * each element from its tag and attributes, each text once complete. What needs an element's content or later
 * siblings (scripts, selects, the title, headings, buttons, a "Vendu par" text's seller) is read of those few
 * elements once the tree is whole, in document order, so the scan is the one a walk of the tree would make.
 */
export function scanPage(html: string): { doc: Document; scan: TPageScan } {
  const scan = emptyScan();
  // Document-order index of every visited element (elements inside scripts, selects, styles, noscript, svg,
  // templates, iframes and the title are not visited). Only elements that end up in one of the scan lists are
  // looked up, so only those are stored in scan.order (a Map entry per element of a 200 KB page costs more than the
  // rest of the scan on many elements).
  const order = scan.order;
  const scripts: Element[] = [];
  const selects: Element[] = [];
  const headings: Element[] = [];
  const buttons: Element[] = [];
  const buttonOrders: number[] = [];
  const sellers: TSellerFound[] = [];
  let sureSellers = 0;
  let title: Element | null = null;

  const element = (el: Element, myIdx: number, bits: number, cls: string | undefined, id: string | undefined) => {
    let listed = false;
    const name = el.name;
    // the attribute object is built on first read (parse-html.ts): read only where the bits say it has the name
    const a = bits & ~(ATTR.class | ATTR.id | ATTR.data) ? el.attribs : NO_ATTRIBS;
    if (name === "script") {
      scripts.push(el);
      return false;
    }
    if (name === "select") {
      selects.push(el);
      return false;
    }
    if (name === "style" || name === "noscript" || name === "svg" || name === "template" || name === "iframe")
      return false;
    if (name === "html" && bits & ATTR.lang && a.lang) scan.lang = a.lang;
    if (name === "meta") {
      const key = (
        (bits & ATTR.property ? a.property : undefined) ??
        (bits & ATTR.name ? a.name : undefined) ??
        (bits & ATTR.itemprop ? a.itemprop : undefined) ??
        ""
      ).toLowerCase();
      const content = bits & ATTR.content ? a.content : undefined;
      if (key && content !== undefined) {
        const list = scan.metas.get(key) ?? [];
        list.push(content);
        scan.metas.set(key, list);
      }
      if (bits & ATTR.itemprop && a.itemprop) {
        scan.itemprops.push(el);
        order.set(el, myIdx);
      }
      return false;
    }
    if (name === "title" && title === null) {
      title = el;
      return false;
    }
    const f = facts(el, cls, id, bits);
    if (f & F_HIDDEN) scan.hiddenRoots.add(el);
    if (name === "h1") {
      scan.h1s.push(el);
      listed = true;
    }
    const itemprop = bits & ATTR.itemprop ? a.itemprop : undefined;
    if (bits & (ATTR.itemprop | ATTR.itemscope)) {
      scan.itemprops.push(el);
      listed = true;
    }
    if (
      bits & ATTR.property &&
      a.property &&
      /(?:^|:)(?:price|pricecurrency|availability|name|offers|lowprice)$/i.test(a.property)
    ) {
      scan.rdfa.push(el);
      listed = true;
    }
    if (f & F_RELATED) scan.relatedRoots.add(el);
    if (f & F_SELLER && sureSellers < 60) {
      sellers.push({ el, name: null, soldBy: null });
      sureSellers++;
    }
    const testId =
      bits & ATTR.dataTest
        ? (a["data-test"] ??
          a["data-testid"] ??
          a["data-test-id"] ??
          a["data-qa"] ??
          a["data-cy"] ??
          a["data-automation-id"] ??
          a["data-automation"] ??
          a["data-component"])
        : undefined;
    if (
      bits & ATTR.dataPrice ||
      (testId !== undefined && /price|prix|preis|precio|prezzo/i.test(testId) && scan.priceEls.length < LIMIT) ||
      ((itemprop === "price" || f & F_PRICE) && scan.priceEls.length < LIMIT)
    ) {
      scan.priceEls.push(el);
      listed = true;
    }
    if ((name.length === 2 && name[0] === "h" && name[1] !== "r") || f & F_TITLE) headings.push(el);
    if (
      name === "button" ||
      name === "input" ||
      ((name === "a" || (bits & ATTR.role && a.role === "button")) && f & F_CART)
    ) {
      buttons.push(el);
      buttonOrders.push(myIdx);
    }
    if (name === "link" && itemprop) {
      scan.itemprops.push(el);
      listed = true;
    }
    if (listed) order.set(el, myIdx);
    return true;
  };

  const text = (n: Text, pIdx: number): void => {
    const data = n.data;
    // indentation and huge text nodes say nothing the later stages read
    if (data.length < 3 ? data.length === 0 || data.charCodeAt(0) <= 32 : data.length > 400) return;
    const parent = n.parent;
    if (data.length <= 14 && CURRENCY_ONLY.test(data)) {
      // A lone currency sign of a split price ("<span>129</span><span>€</span>"): the price is its container,
      // or its own parent when the sign follows the amount's element directly ("<b>12,800</b>円").
      const box = isElement(n.prev) ? parent : parent?.parent;
      if (isElement(box) && scan.textPriceEls.length < LIMIT) {
        scan.textPriceEls.push(box);
        order.set(box, pIdx);
      }
      return;
    }
    if (data.length < 3 || !isElement(parent) || parent.name === "option" || parent.name === "textarea") return;
    if (scan.textPriceEls.length < LIMIT && showsAmount(data)) {
      // "<span>49</span><sup>,90 €</sup>": the superscript is a piece, its container the price.
      const box = parent.name === "sup" && isElement(parent.parent) ? parent.parent : parent;
      scan.textPriceEls.push(box);
      order.set(box, pIdx);
    }
    if (data.length < 160) {
      scan.shortTexts.push(n);
      scan.shortTextOrder.push(pIdx);
      if (sureSellers < 60) {
        const sold = SOLD_BY.exec(data);
        if (sold) {
          const named = (sold[1] ?? "").trim();
          if (named.length >= 2) {
            sellers.push({ el: parent, name: named, soldBy: null });
            sureSellers++;
          } else sellers.push({ el: parent, name: null, soldBy: n });
        }
      }
    }
  };

  const doc = parseHtml(html, { element, text });

  for (const el of scripts) {
    const only = el.children.length === 1 ? el.children[0]! : null;
    const text = only !== null ? (only.type === "text" ? textOf(only) : "") : textOfChildren(el);
    const type = (el.attribs.type ?? "").toLowerCase();
    if (type.includes("ld+json")) scan.jsonLd.push(text);
    else if (text.length < 400_000 && /ShopifyAnalytics|var meta = \{|"@type"\s*:\s*"Product"/.test(text))
      scan.otherScripts.push(text);
    else if (text.length < 2_000_000 && scan.offerScripts.length < 10 && SELLER_SCRIPT.test(text))
      scan.offerScripts.push(text);
  }
  for (const el of selects) {
    for (const o of el.children) {
      if (!isElement(o) || o.name !== "option" || scan.priceOptions.length >= 50) continue;
      const t = o.children.map((c) => textOf(c)).join("");
      if (showsAmount(t)) scan.priceOptions.push(o);
    }
  }
  if (title !== null) scan.titleText = textOfChildren(title).trim();
  for (const el of headings) {
    const parent = el.parent;
    // the section a heading would title (none: the phrases are not read)
    const root = isElement(parent) ? sectionOf(el, parent) : null;
    if (root === null) continue;
    const t = headingText(el);
    if (!t || t.length >= 120) continue;
    const offers = OFFERS_HEADING.test(t);
    if (offers || RELATED_HEADING.test(t)) scan.relatedRoots.add(root);
    if (offers) scan.offersRoots.add(root);
  }
  buttons.forEach((el, i) => {
    const a = el.attribs;
    const label = `${headingText(el)} ${a.value ?? ""} ${a["aria-label"] ?? ""} ${a.title ?? ""}`;
    const key = `${a.name ?? ""} ${a.id ?? ""} ${a.class ?? ""} ${a["data-action"] ?? ""}`
      .toLowerCase()
      .replace(/\s+/g, " ");
    const compact = key.replace(/ /g, "");
    const anchorOk = el.name !== "a" || CART_TOKEN.test(compact) || /\bbtn\b|button/.test(key);
    let listed = false;
    if (anchorOk && scan.buttons.length < LIMIT && (CART_WORDS.test(label) || CART_TOKEN.test(compact))) {
      scan.buttons.push(el);
      listed = true;
    } else if (label.length < 80 && AVAIL_HINT.test(label) && el.name === "button") {
      scan.availabilityEls.push({ el, text: label });
      listed = true;
    }
    // a text inside the element that set its order did so after the element's own visit: it stands
    if (listed && !order.has(el)) order.set(el, buttonOrders[i]!);
  });
  for (const s of sellers) {
    if (scan.sellerEls.length >= 60) break;
    if (s.soldBy === null) {
      scan.sellerEls.push({ el: s.el, name: s.name });
      continue;
    }
    let next = s.soldBy.next;
    while (next && next.type === "text" && !textOf(next).trim()) next = next.next;
    if (isElement(next)) scan.sellerEls.push({ el: next, name: null });
  }
  return { doc, scan };
}

/**
 * The short texts that speak of stock ("En stock", "Rupture", "Expédié sous 24 h") with their parent elements, and
 * the buttons that do: read only when the structured data states no availability.
 */
export function availabilityTexts(scan: TPageScan): Array<{ el: Element; text: string }> {
  const out: Array<{ el: Element; text: string }> = [];
  scan.shortTexts.forEach((t, i) => {
    if (out.length >= LIMIT || !AVAIL_HINT.test(t.data)) return;
    const parent = t.parent as Element;
    out.push({ el: parent, text: t.data });
    if (!scan.order.has(parent)) scan.order.set(parent, scan.shortTextOrder[i]!);
  });
  return [...out, ...scan.availabilityEls];
}

const MESSY_SPACE = /\s\s|[^\S ]/;

function headingText(el: Element): string {
  let out = "";
  const stack: AnyNode[] = [el];
  let guard = 0;
  while (stack.length > 0 && out.length < 200 && guard++ < 200) {
    const n = stack.pop();
    if (!n) break;
    if (n.type === "text") out += textOf(n);
    else if (isElement(n) && n.name !== "script" && n.name !== "style") {
      for (let i = n.children.length - 1; i >= 0; i--) {
        const k = n.children[i];
        if (k) stack.push(k);
      }
    }
  }
  return (MESSY_SPACE.test(out) ? out.replace(/\s+/g, " ") : out).trim();
}

export { headingText, attr };
