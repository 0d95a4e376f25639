import { parsePrice } from "../parse-price";
import { formatAmount } from "./resolve-amount";
import { KNOWN_ISO } from "./currency-table";

export type TOffer = {
  price: string | null;
  // Upper bound of an AggregateOffer range, when given.
  highPrice?: string | null;
  currency: string | null;
  available: boolean | null;
  url: string | null;
  // Variant identity and name ("128 Go – Noir"), when the offer or its variant states them.
  sku?: string | null;
  name?: string | null;
  // The list price a sale is announced against (priceSpecification ListPrice / StrikethroughPrice).
  regularPrice?: string | null;
  // Shipping cost stated by OfferShippingDetails; null when absent or not one single amount.
  shipping?: string | null;
  // The marketplace seller of this offer and the item's condition, when stated.
  seller?: string | null;
  condition?: "new" | "used" | "refurbished" | null;
};

/** schema.org itemCondition ("https://schema.org/UsedCondition", "NewCondition"…) as new, used or refurbished. */
export function normalizeCondition(v: unknown): "new" | "used" | "refurbished" | null {
  const s = typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : "";
  if (/refurbish|reconditionn|recondition/i.test(s)) return "refurbished";
  if (/used|damaged|occasion/i.test(s)) return "used";
  if (/new|neuf/i.test(s)) return "new";
  return null;
}

export type TStructuredProduct = {
  name: string | null;
  url: string | null;
  sku: string | null;
  offers: TOffer[];
};

// Structured fields use "." as the decimal mark ("1.299" is 1.299), but sites also write display text there.
export function structuredAmount(v: unknown): string | null {
  if (typeof v === "number") {
    if (!Number.isFinite(v) || v < 0) return null;
    const s = String(v);
    if (/e/i.test(s)) return null;
    const [i, f] = s.split(".");
    return formatAmount(i ?? "0", f ?? "");
  }
  if (typeof v !== "string") return null;
  const s = v.trim();
  if (!s || s.length > 60) return null;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (m) return formatAmount(m[1] ?? "0", m[2] ?? "");
  const c = /^(\d+),(\d{1,2})$/.exec(s);
  if (c) return formatAmount(c[1] ?? "0", c[2] ?? "");
  if (/^-/.test(s)) return null;
  return parsePrice(s).amount;
}

export function structuredCurrency(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim();
  const up = s.toUpperCase();
  if (/^[A-Z]{3}$/.test(up) && KNOWN_ISO.has(up)) return up;
  if (!s || s.length > 12) return null;
  return parsePrice(`1 ${s}`).currency ?? parsePrice(`${s}1`).currency;
}

const AVAIL_TRUE = new RegExp(
  "^(?:instock|in stock|in_stock|available|preorder|pre-order|presale|backorder|limitedavailability|onlineonly" +
    "|madetoorder|true|yes|1|oui|disponible)$",
);
const AVAIL_FALSE = new RegExp(
  "^(?:outofstock|out of stock|out_of_stock|oos|soldout|sold out|discontinued|instoreonly|reserved|unavailable" +
    "|false|no|0|non|indisponible|pending)$",
);

// schema.org availability in any spelling: "https://schema.org/InStock", "instock", "in stock", "oos".
export function normalizeAvailability(v: unknown): boolean | null {
  if (typeof v === "boolean") return v;
  if (Array.isArray(v)) return normalizeAvailability(v[0]);
  if (typeof v !== "string") return null;
  let s = v.trim().toLowerCase();
  if (!s) return null;
  s = s
    .replace(/^.*[/:#]/, "")
    .replace(/[\s_-]+/g, " ")
    .trim();
  const compact = s.replace(/ /g, "");
  if (AVAIL_TRUE.test(s) || AVAIL_TRUE.test(compact)) return true;
  if (AVAIL_FALSE.test(s) || AVAIL_FALSE.test(compact)) return false;
  if (
    new RegExp(
      "out ?of ?stock|sold ?out|unavailable|discontinued|not available|épuisé|indisponible|rupture|ausverkauft" +
        "|nicht verfügbar|agotado|esaurito|niedostępny|vyprodáno|uitverkocht",
    ).test(s)
  )
    return false;
  if (
    new RegExp(
      "in ?stock|available|pre ?order|back ?order|disponible|en stock|auf lager|lieferbar|op voorraad|disponibile" +
        "|dostępny|skladem|på lager|i lager",
    ).test(s)
  )
    return true;
  return null;
}

function sameUrl(a: string | null, pageUrl: string): boolean {
  if (!a) return false;
  try {
    const x = new URL(a, pageUrl);
    const y = new URL(pageUrl);
    return (
      x.pathname.replace(/\/$/, "") === y.pathname.replace(/\/$/, "") &&
      (x.search === y.search || !x.search || !y.search)
    );
  } catch {
    return false;
  }
}

function variantMatches(offer: TOffer, pageUrl: string): boolean {
  if (!offer.url) return false;
  try {
    const want = new URL(pageUrl).searchParams.get("variant");
    const got = new URL(offer.url, pageUrl).searchParams.get("variant");
    return !!want && want === got;
  } catch {
    return false;
  }
}

// One offer for the product: the page's own variant, else in stock, else the lowest price.
export function chooseOffer(offers: TOffer[], pageUrl: string): TOffer | null {
  const priced = offers.filter((o) => o.price !== null && o.price !== "0");
  if (priced.length === 0) return offers.find((o) => o.available !== null) ?? null;
  const own = priced.find((o) => variantMatches(o, pageUrl));
  if (own) return own;
  const inStock = priced.filter((o) => o.available !== false);
  const pool = inStock.length > 0 ? inStock : priced;
  const exact = pool.filter((o) => sameUrl(o.url, pageUrl));
  const finalPool = exact.length > 0 && exact.length < pool.length ? exact : pool;
  let best = finalPool[0] ?? null;
  for (const o of finalPool) if (best && Number(o.price) < Number(best.price)) best = o;
  if (best && best.available === null && pool.length < priced.length) return best;
  if (best && best.available === null) {
    const anyTrue = offers.some((o) => o.available === true);
    const allFalse = offers.length > 0 && offers.every((o) => o.available === false);
    return { ...best, available: anyTrue ? true : allFalse ? false : null };
  }
  return best;
}

export { sameUrl };
