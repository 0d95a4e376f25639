import { parseJsonLenient } from "./parse-json-lenient";
import { normalizeAvailability, structuredAmount, structuredCurrency } from "./structured-values";

export type TMetaVariant = { price: string; sku: string | null; name: string | null; id: string };

export type TMetaOffer = {
  price: string | null;
  currency: string | null;
  available: boolean | null;
  source: string;
  // Shopify: every variant of the product with its own price.
  variants?: TMetaVariant[];
};

type TShopifyVariant = {
  id?: number | string;
  price?: number;
  sku?: string | null;
  public_title?: string | null;
  name?: string;
};

function first(metas: Map<string, string[]>, keys: string[]): string | null {
  for (const k of keys) {
    const v = metas.get(k)?.find((x) => x.trim() !== "");
    if (v !== undefined) return v;
  }
  return null;
}

// Open Graph / product meta tags.
export function extractMetaOffer(metas: Map<string, string[]>): TMetaOffer | null {
  const priceRaw = first(metas, [
    "product:sale_price:amount",
    "og:sale_price:amount",
    "product:price:amount",
    "og:price:amount",
    "product:price",
    "twitter:data1",
    "price",
  ]);
  const currencyRaw = first(metas, [
    "product:sale_price:currency",
    "product:price:currency",
    "og:price:currency",
    "pricecurrency",
    "currency",
  ]);
  const availRaw = first(metas, ["product:availability", "og:availability", "availability"]);
  const price = priceRaw === null ? null : structuredAmount(priceRaw.replace(/^[^\d.,]*?(?=\d)/, "").trim());
  const currency = currencyRaw ? structuredCurrency(currencyRaw) : null;
  const available = normalizeAvailability(availRaw);
  if (price === null && available === null) return null;
  return { price, currency, available, source: "meta" };
}

// Shopify themes expose `var meta = {"product": {"variants": [{"id": .., "price": 129900}]}}` (cents).
export function extractShopifyMeta(scripts: string[], pageUrl: string): TMetaOffer | null {
  for (const s of scripts) {
    const i = s.indexOf("var meta = {");
    if (i < 0) continue;
    const start = i + "var meta = ".length;
    const end = s.indexOf("};", start);
    const parsed = parseJsonLenient(s.slice(start, end < 0 ? undefined : end + 1));
    if (!parsed || typeof parsed !== "object") continue;
    const product = (parsed as { product?: { variants?: TShopifyVariant[] } }).product;
    const variants = product?.variants ?? [];
    let wanted: string | null = null;
    try {
      wanted = new URL(pageUrl).searchParams.get("variant");
    } catch {
      wanted = null;
    }
    const v = variants.find((x) => wanted !== null && String(x.id) === wanted) ?? variants[0];
    if (!v || typeof v.price !== "number") continue;
    const cur =
      /ShopifyAnalytics\.meta\.currency\s*=\s*['"]([A-Z]{3})['"]/.exec(s)?.[1] ??
      /"currency"\s*:\s*"([A-Z]{3})"/.exec(s)?.[1] ??
      null;
    return {
      price: structuredAmount((v.price / 100).toFixed(2)),
      currency: cur,
      available: null,
      source: "meta:shopify",
      variants: variants.flatMap((x) =>
        typeof x.price === "number" && x.price > 0
          ? [
              {
                price: structuredAmount((x.price / 100).toFixed(2)) ?? "0",
                sku: x.sku || null,
                name: x.public_title || x.name || null,
                id: String(x.id ?? ""),
              },
            ]
          : [],
      ),
    };
  }
  return null;
}
