// The fixture corpus again, made harder: price-bearing noise around the product (free-shipping banner,
// mini-cart total, phone number, recommendation carousels, footer), and with all structured data removed
// so that only the visible-text path can answer.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractProduct } from "@/lib/scraping/extract";

type TEntry = { file: string; url: string; expected: { price: string | null; available: boolean | null } };

const dir = path.resolve(import.meta.dirname, "../../fixtures/pages");
const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as TEntry[];

const tile = (n: number, price: string) =>
  `<div class="product-tile"><a href="/p/${n}"><img src="/i/${n}.jpg" alt=""></a><h3><a href="/p/${n}">Article ${n}</a></h3>` +
  `<span class="price">${price}</span><button class="add-to-cart">Ajouter au panier</button></div>`;
const HEADER =
  `<header><div class="top-banner">Livraison offerte dès 49 € d'achat · -20% avec le code HIVER</div>` +
  `<div class="mini-cart"><a href="/cart"><span>0</span> article(s) <span class="cart-total">0,00 €</span></a></div>` +
  `<div>Service client : 01 23 45 67 89</div></header>`;
const FOOTER =
  `<section class="product-carousel"><h2>Vous aimerez aussi</h2>` +
  `${tile(1, "9,99 €")}${tile(2, "1 499,00 €")}${tile(3, "0,99 €")}</section>` +
  `<section><h2>Complétez votre achat</h2>${tile(4, "4,99 €")}${tile(5, "249,00 €")}</section>` +
  `<footer><p>Inscrivez-vous et recevez 10 € de réduction</p><p>SAS au capital de 100 000 €</p></footer>`;

function withNoise(html: string): string {
  return html.replace(/<body([^>]*)>/i, `<body$1>${HEADER}`).replace(/<\/body>/i, `${FOOTER}</body>`);
}

function withoutStructuredData(html: string): string {
  return html
    .replace(/<script[^>]*ld\+json[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/\sitem(?:prop|scope|type)(?:="[^"]*")?/gi, "")
    .replace(/<meta[^>]+(?:product:|og:price)[^>]*>/gi, "")
    .replace(/\s(?:property|content)="[^"]*"/gi, "");
}

// Pages whose price exists only as structured data, or whose visible price is another variant's.
const STRUCTURED_ONLY = new Set([
  "zara-spa-shirt.html",
  "og-meta-only.html",
  "rdfa-schema.html",
  "john-lewis-variants.html",
]);

describe("extraction robustness on the fixture corpus", () => {
  it("keeps every price and availability when the page is full of other prices", () => {
    const wrong = manifest.flatMap((e) => {
      const r = extractProduct(withNoise(readFileSync(path.join(dir, e.file), "utf8")), e.url);
      return r.price === e.expected.price && r.available === e.expected.available
        ? []
        : [`${e.file}: ${r.price} ${r.available}`];
    });
    expect(wrong).toEqual([]);
  });

  it("finds the visible price without any structured data, noise included", () => {
    const wrong = manifest.flatMap((e) => {
      if (STRUCTURED_ONLY.has(e.file)) return [];
      const html = withNoise(withoutStructuredData(readFileSync(path.join(dir, e.file), "utf8")));
      const r = extractProduct(html, e.url);
      return r.price === e.expected.price ? [] : [`${e.file}: ${r.price} (${r.method})`];
    });
    expect(wrong).toEqual([]);
  });
});
