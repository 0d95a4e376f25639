import type { Element } from "domhandler";
import { ancestors, classString } from "./dom-utils";

// Known current-price markup of merchant platforms. Each rule returns a weight (0 = no match).
type TRule = { name: string; weight: number; test: (el: Element, cls: string, up: string[]) => boolean };

const has = (cls: string, re: RegExp): boolean => re.test(cls);

const RULES: TRule[] = [
  {
    name: "amazon",
    weight: 60,
    test: (el, cls, up) =>
      has(cls, /\ba-offscreen\b|\ba-price\b/) &&
      up.some((u) =>
        /corePrice|apex_desktop|apexPriceToPay|priceToPay|price_inside_buybox|newBuyBoxPrice|corePriceDisplay/i.test(u),
      ),
  },
  {
    name: "amazon",
    weight: 55,
    test: (_el, cls) =>
      has(cls, /priceblock_(?:ourprice|dealprice|saleprice)|price_inside_buybox|\bapexpricetopay\b|\bpricetopay\b/),
  },
  { name: "magento", weight: 55, test: (el) => el.attribs["data-price-type"] === "finalPrice" },
  { name: "magento", weight: 35, test: (_el, cls) => has(cls, /\bprice-final_price\b|\bspecial-price\b/) },
  {
    name: "prestashop",
    weight: 50,
    test: (_el, cls) => has(cls, /\bcurrent-price\b|\bour_price_display\b|\bcurrent-price-value\b/),
  },
  { name: "prestashop", weight: 25, test: (_el, cls) => has(cls, /\bproduct-prices?\b/) },
  {
    name: "woocommerce",
    weight: 45,
    test: (_el, cls, up) =>
      has(cls, /woocommerce-price-amount/) &&
      up.some((u) => /\bsummary\b|\bentry-summary\b|product-summary|\bsingle-product\b/i.test(u)),
  },
  {
    name: "shopify",
    weight: 40,
    test: (el, cls) =>
      has(cls, /\bprice__sale\b|\bprice-item--sale\b|\bproduct__price\b|\bproduct-single__price\b|\bprice--large\b/) ||
      el.attribs["data-product-price"] !== undefined,
  },
  {
    name: "sfcc",
    weight: 50,
    test: (el, cls, up) =>
      has(cls, /\bvalue\b/) && el.attribs.content !== undefined && up.some((u) => /\bsales\b/.test(u)),
  },
  { name: "cdiscount", weight: 55, test: (_el, cls) => has(cls, /\bfpprice\b|\bjsmainprice\b/) },
  { name: "fnac", weight: 45, test: (_el, cls) => has(cls, /f-pricebox-price|userprice|f-faprice/) },
  {
    name: "bigcommerce",
    weight: 45,
    test: (el) =>
      el.attribs["data-product-price-with-tax"] !== undefined ||
      el.attribs["data-product-price-without-tax"] !== undefined,
  },
  {
    name: "wix",
    weight: 50,
    test: (el) => el.attribs["data-hook"] === "formatted-primary-price" || el.attribs["data-hook"] === "product-price",
  },
  {
    name: "generic-current",
    weight: 30,
    test: (_el, cls) =>
      has(
        cls,
        new RegExp(
          "(?:current|sale|final|special|our|actual|selling|deal|promo|offer|now|new)[-_]?price" +
            "|price[-_]?(?:current|sale|final|special|actual|now|new|promo|value|main)|main-?price" +
            "|prix[-_]?(?:actuel|final|promo|vente)|price-box|productprice|product-price|price__current",
        ),
      ),
  },
];

export function platformWeight(el: Element): { weight: number; name: string | null } {
  const cls = classString(el);
  const up = ancestors(el, 8).map((a) => `${a.attribs.class ?? ""} ${a.attribs.id ?? ""}`);
  let best = 0;
  let name: string | null = null;
  for (const r of RULES) {
    if (r.weight > best && r.test(el, cls, up)) {
      best = r.weight;
      name = r.name;
    }
  }
  return { weight: best, name };
}
