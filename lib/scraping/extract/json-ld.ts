import { decodeHTML } from "entities";
import { parseJsonLenient } from "./parse-json-lenient";
import {
  normalizeAvailability,
  normalizeCondition,
  structuredAmount,
  structuredCurrency,
  type TOffer,
  type TStructuredProduct,
} from "./structured-values";

type TObj = Record<string, unknown>;

const PRODUCT_TYPES = new RegExp(
  "^(?:product|productgroup|productmodel|individualproduct|someproducts|vehicle|car|motorcycle|book" +
    "|softwareapplication|videogame|musicalbum|offerforpurchase)$",
  "i",
);
// Keys whose nested Products are other items (related, accessories, list entries), not the page's product.
const SKIP_KEYS = new Set([
  "isRelatedTo",
  "isSimilarTo",
  "isAccessoryOrSparePartFor",
  "isConsumableFor",
  "itemListElement",
  "breadcrumb",
  "review",
  "reviews",
  "brand",
  "manufacturer",
  "seller",
  "isVariantOf",
  "hasPart",
  "mentions",
  "relatedLink",
  "potentialAction",
]);

function types(o: TObj): string[] {
  const t = o["@type"];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === "string").map((x) => x.replace(/^.*[/:#]/, ""));
}

function str(v: unknown): string | null {
  if (typeof v === "string") return decodeHTML(v).trim() || null;
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) return str(v[0]);
  if (v && typeof v === "object") return str((v as TObj)["@value"] ?? (v as TObj).name);
  return null;
}

function asList(v: unknown): unknown[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}

type TSpecPrice = { price: string | null; currency: string | null; explicit: boolean; regular: string | null };

function specPrice(spec: unknown): TSpecPrice {
  const specs = asList(spec).filter((s): s is TObj => !!s && typeof s === "object");
  let struckSeen = false;
  let regular: string | null = null;
  const ok = specs.filter((s) => {
    const pt = `${str(s.priceType) ?? ""} ${types(s).join(" ")}`;
    if (/strikethrough|listprice|msrp|srp|wasprice|regular|invoice/i.test(pt)) {
      struckSeen = true;
      if (!/invoice/i.test(pt)) regular = regular ?? structuredAmount(s.price);
      return false;
    }
    if (s.referenceQuantity && specs.length > 1) return false;
    return true;
  });
  const saleSpec = ok.find((s) => /sale/i.test(str(s.priceType) ?? ""));
  const chosen = saleSpec ?? ok[0];
  if (!chosen) return { price: null, currency: null, explicit: false, regular };
  return {
    price: structuredAmount(chosen.price ?? chosen.minPrice ?? chosen.maxPrice),
    currency: structuredCurrency(chosen.priceCurrency),
    explicit: !!saleSpec || struckSeen,
    regular,
  };
}

// One stated shipping amount (several different rates: destination-dependent, not stated for us).
function shippingRate(details: unknown): string | null {
  const rates = asList(details)
    .filter((d): d is TObj => !!d && typeof d === "object")
    .flatMap((d) => asList(d.shippingRate))
    .map((r) => (r && typeof r === "object" ? structuredAmount((r as TObj).value ?? (r as TObj).price) : null));
  const distinct = new Set(rates.filter((r): r is string => r !== null));
  return distinct.size === 1 ? ([...distinct][0] ?? null) : null;
}

type TVariantInfo = { sku: string | null; name: string | null };

function readOffers(v: unknown, inherited: string | null, out: TOffer[], depth = 0, variant?: TVariantInfo): void {
  if (depth > 4) return;
  for (const item of asList(v)) {
    if (!item || typeof item !== "object") continue;
    const o = item as TObj;
    const currency = structuredCurrency(o.priceCurrency) ?? inherited;
    const isAggregate = types(o).some((t) => /aggregateoffer/i.test(t));
    if (isAggregate && o.offers) {
      const before = out.length;
      readOffers(o.offers, currency, out, depth + 1, variant);
      if (out.slice(before).some((x) => x.price !== null)) continue;
    }
    let price = structuredAmount(o.price ?? o.lowPrice);
    let cur = currency;
    let regularPrice: string | null = null;
    if (o.priceSpecification) {
      const sp = specPrice(o.priceSpecification);
      if (sp.price !== null && (price === null || sp.explicit)) price = sp.price;
      cur = cur ?? sp.currency;
      regularPrice = sp.regular;
    }
    const highPrice = isAggregate ? structuredAmount(o.highPrice) : null;
    out.push({
      price,
      highPrice,
      currency: cur,
      available: normalizeAvailability(o.availability),
      url: str(o.url),
      sku: str(o.sku) ?? variant?.sku ?? null,
      name: variant?.name ?? str(o.name),
      regularPrice:
        regularPrice !== null && price !== null && Number(regularPrice) > Number(price) ? regularPrice : null,
      shipping: shippingRate(o.shippingDetails),
      seller: str(o.seller),
      condition: normalizeCondition(o.itemCondition),
    });
  }
}

// "128 Go – Noir" from the variant's varying properties, else its name.
function variantName(v: TObj): string | null {
  const parts = ["size", "color", "material", "pattern"]
    .map((k) => str(v[k]))
    .filter((x): x is string => !!x && x.length < 40);
  return parts.length > 0 ? parts.join(" – ") : str(v.name);
}

function toProduct(o: TObj): TStructuredProduct {
  const offers: TOffer[] = [];
  readOffers(o.offers, null, offers);
  if (offers.length === 0 && o.price !== undefined) {
    offers.push({
      price: structuredAmount(o.price),
      currency: structuredCurrency(o.priceCurrency),
      available: normalizeAvailability(o.availability),
      url: null,
    });
  }
  // ProductGroup: the variants carry the offers.
  for (const variant of asList(o.hasVariant)) {
    if (variant && typeof variant === "object") {
      const v = variant as TObj;
      readOffers(v.offers, null, offers, 0, { sku: str(v.sku), name: variantName(v) });
    }
  }
  return { name: str(o.name), url: str(o.url) ?? str(o["@id"]), sku: str(o.sku), offers };
}

function collect(v: unknown, out: TStructuredProduct[], depth: number): void {
  if (depth > 12 || !v || typeof v !== "object") return;
  if (Array.isArray(v)) {
    for (const x of v) collect(x, out, depth + 1);
    return;
  }
  const o = v as TObj;
  const t = types(o);
  if (
    t.some((x) => PRODUCT_TYPES.test(x)) &&
    (o.offers !== undefined || o.name !== undefined || o.hasVariant !== undefined)
  ) {
    out.push(toProduct(o));
    return;
  }
  if (t.some((x) => /^(?:itemlist|breadcrumblist|offercatalog|searchresultspage|collectionpage)$/i.test(x))) return;
  for (const [k, val] of Object.entries(o)) {
    if (SKIP_KEYS.has(k)) continue;
    if (val && typeof val === "object") collect(val, out, depth + 1);
  }
}

export function extractJsonLdProducts(scripts: string[]): TStructuredProduct[] {
  const out: TStructuredProduct[] = [];
  for (const s of scripts) {
    if (s.length > 2_000_000) continue;
    const parsed = parseJsonLenient(s);
    if (parsed !== undefined) collect(parsed, out, 0);
  }
  return out;
}
