import { MAX_OFFERS, type TSellerOffer } from "./page-offers";
import { parseJsonLenient } from "./parse-json-lenient";
import { normalizeAvailability, normalizeCondition, structuredAmount, structuredCurrency } from "./structured-values";

type TObj = Record<string, unknown>;

// Keys compared lower-case with "_" and "-" removed.
const SELLER_KEYS = new Set([
  "seller",
  "sellername",
  "merchant",
  "merchantname",
  "vendor",
  "vendorname",
  "vendeur",
  "shopname",
  "storename",
  "soldby",
]);
const PRICE_KEYS = ["price", "saleprice", "currentprice", "finalprice", "sellingprice", "offerprice", "prix", "amount"];
const REGULAR_KEYS = [
  "strikethroughprice",
  "strikeprice",
  "crossedprice",
  "crossedoutprice",
  "listprice",
  "oldprice",
  "wasprice",
  "originalprice",
  "regularprice",
  "referenceprice",
  "prixbarre",
];
const SHIPPING_KEYS = [
  "shipping",
  "shippingprice",
  "shippingcost",
  "shippingfee",
  "shippingamount",
  "deliveryprice",
  "deliverycost",
  "deliveryfee",
  "fraisdeport",
  "fraisport",
  "fraislivraison",
];
const FREE_SHIPPING_KEYS = ["freeshipping", "freedelivery", "livraisongratuite"];
const CONDITION_KEYS = ["condition", "itemcondition", "productcondition", "state", "etat"];
const AVAILABLE_KEYS = ["availability", "available", "instock", "isavailable", "isinstock", "stockstatus", "stock"];
const CURRENCY_KEYS = ["currency", "currencycode", "pricecurrency", "devise"];
const BUYBOX_KEYS = ["isbuybox", "buybox", "isfeatured", "featured", "iswinner", "winner", "isbestoffer", "isdefault"];
const LIST_KEY = /offer|seller|listing|vendeur|marketplace/;

const MAX_NODES = 20_000;

function keyed(o: TObj): Map<string, unknown> {
  const m = new Map<string, unknown>();
  for (const k of Object.keys(o)) m.set(k.toLowerCase().replace(/[-_]/g, ""), o[k]);
  return m;
}

function first(m: Map<string, unknown>, keys: string[]): unknown {
  for (const k of keys) if (m.has(k) && m.get(k) !== null && m.get(k) !== "") return m.get(k);
  return undefined;
}

/** An amount as a number, a decimal string, a display string ("9,99 €") or an object { amount | value, currency }. */
function amountOf(v: unknown, inCents: boolean): { amount: string | null; currency: string | null } {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const m = keyed(v as TObj);
    const cents = m.has("centamount") || m.has("cents") || m.has("amountincents");
    const inner = first(m, ["amount", "value", "price", "centamount", "cents", "amountincents"]);
    const { amount } = amountOf(inner, cents);
    return { amount, currency: structuredCurrency(first(m, CURRENCY_KEYS)) };
  }
  if (inCents && typeof v === "number" && Number.isInteger(v))
    return { amount: structuredAmount(v / 100), currency: null };
  return { amount: structuredAmount(v), currency: null };
}

function sellerName(v: unknown): string | null {
  if (typeof v === "string") return v.trim() || null;
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const n = first(keyed(v as TObj), ["name", "displayname", "label", "title", "shopname"]);
    return typeof n === "string" ? n.trim() || null : null;
  }
  return null;
}

function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === "true" || v === "1";
}

/** One seller's offer from an object of an embedded list, or null when it names no seller or no price. */
function readOffer(o: TObj): (TSellerOffer & { stated: boolean }) | null {
  const m = keyed(o);
  let seller: string | null = null;
  for (const [k, v] of m) if (SELLER_KEYS.has(k) && (seller = sellerName(v))) break;
  if (!seller || seller.length > 80) return null;
  let priceKey = PRICE_KEYS.find((k) => m.has(k) && m.get(k) !== null);
  let cents = false;
  if (!priceKey) {
    priceKey = ["priceincents", "pricecents"].find((k) => m.has(k));
    cents = true;
  }
  if (!priceKey) return null;
  const price = amountOf(m.get(priceKey), cents);
  if (price.amount === null || price.amount === "0") return null;
  const regular = amountOf(first(m, REGULAR_KEYS), false).amount;
  const free = FREE_SHIPPING_KEYS.some((k) => truthy(m.get(k)));
  const shipping = free ? "0" : amountOf(first(m, SHIPPING_KEYS), false).amount;
  const flag = BUYBOX_KEYS.find((k) => m.has(k));
  return {
    seller,
    price: price.amount,
    currency: price.currency ?? structuredCurrency(first(m, CURRENCY_KEYS)),
    shipping,
    regularPrice: regular !== null && Number(regular) > Number(price.amount) ? regular : null,
    condition: normalizeCondition(first(m, CONDITION_KEYS)),
    available: normalizeAvailability(first(m, AVAILABLE_KEYS)),
    buyBox: flag ? truthy(m.get(flag)) : false,
    stated: flag !== undefined,
  };
}

type TList = { key: string; offers: Array<TSellerOffer & { stated: boolean }> };

/** Arrays of at least two objects that each name a seller and a price, from distinct sellers. */
function findLists(root: unknown, out: TList[]): void {
  const stack: Array<{ v: unknown; key: string; depth: number }> = [{ v: root, key: "", depth: 0 }];
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_NODES) {
    const { v, key, depth } = stack.pop()!;
    if (!v || typeof v !== "object" || depth > 14) continue;
    if (Array.isArray(v)) {
      const objects = v.filter((x): x is TObj => !!x && typeof x === "object" && !Array.isArray(x));
      if (objects.length >= 2) {
        const offers = objects.map(readOffer).filter((x) => x !== null);
        const sellers = new Set(offers.map((o) => o.seller?.toLowerCase()));
        if (offers.length >= 2 && sellers.size >= 2 && offers.length * 2 >= objects.length) {
          out.push({ key, offers });
          continue;
        }
      }
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key, depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(v as TObj);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, x] = entries[i]!;
      if (x && typeof x === "object") stack.push({ v: x, key: k.toLowerCase(), depth: depth + 1 });
    }
  }
}

/** The JSON values of a script: the whole text, or each value assigned in it ("window.__STATE__ = {…};"). */
function scriptValues(text: string): unknown[] {
  const whole = /^\s*[[{]/.test(text) ? parseJsonLenient(text) : undefined;
  if (whole !== undefined) return [whole];
  const out: unknown[] = [];
  const assign = /=\s*(?:JSON\.parse\()?\s*([[{])/g;
  let m: RegExpExecArray | null;
  while ((m = assign.exec(text)) !== null && out.length < 5) {
    const at = m.index + m[0].length - 1;
    const v = parseJsonLenient(text.slice(at));
    if (v !== undefined) out.push(v);
  }
  return out;
}

/**
 * Sellers' offers from JSON embedded in the page's scripts (a marketplace's state blob), when no structured data
 * lists them. Among several lists, the one whose prices the page's product block shows most (then one under an
 * "offers"/"sellers" key, then the first). Each offer keeps only its own crossed-out price and shipping.
 */
export function embeddedOffers(scripts: string[], shownPrices: Set<string>): TSellerOffer[] {
  const lists: TList[] = [];
  for (const s of scripts) for (const v of scriptValues(s)) findLists(v, lists);
  let best: TList | null = null;
  let bestScore = -1;
  for (const l of lists) {
    const shown = l.offers.filter((o) => shownPrices.has(o.price)).length;
    const score = shown * 2 + (LIST_KEY.test(l.key) ? 1 : 0);
    if (score > bestScore) {
      best = l;
      bestScore = score;
    }
  }
  if (!best) return [];
  const stated = best.offers.some((o) => o.stated && o.buyBox);
  return best.offers.slice(0, MAX_OFFERS).map(({ stated: _s, ...o }) => ({ ...o, buyBox: stated && o.buyBox }));
}
