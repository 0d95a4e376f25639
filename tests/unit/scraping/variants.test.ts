import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractProduct } from "@/lib/scraping/extract";

const dir = path.resolve(import.meta.dirname, "../../fixtures/pages");
const read = (file: string) => readFileSync(path.join(dir, file), "utf8");

describe("variants and offers as candidates", () => {
  it("names each JSON-LD variant ('128 Go – Noir') with its sku and a locator by sku, not position", () => {
    const r = extractProduct(read("productgroup-phone-variants.html"), "https://www.telshop.example/p/nova-12");
    const structured = r.candidates.filter((c) => c.source === "jsonld");
    expect(structured.map((c) => [c.price, c.label, c.sku, c.kind, c.locator])).toEqual([
      ["699", "128 Go – Noir", "NOVA12-128-BLK", "structured", "jsonld:sku=NOVA12-128-BLK"],
      ["799", "256 Go – Noir", "NOVA12-256-BLK", "variant", "jsonld:sku=NOVA12-256-BLK"],
      ["799", "256 Go – Bleu", "NOVA12-256-BLU", "variant", "jsonld:sku=NOVA12-256-BLU"],
    ]);
  });

  it("lists the priced options of a size/colour selector, located by option value", () => {
    const r = extractProduct(read("productgroup-phone-variants.html"), "https://www.telshop.example/p/nova-12");
    const options = r.candidates.filter((c) => c.source === "option");
    expect(options.map((c) => [c.price, c.label, c.locator])).toEqual([
      ["699", "128 Go – Noir", '#capacity option[value="128-noir"]'],
      ["799", "256 Go – Noir", '#capacity option[value="256-noir"]'],
      ["799", "256 Go – Bleu (épuisé)", '#capacity option[value="256-bleu"]'],
    ]);
  });

  it("lists several Offers with their own sku", () => {
    const html =
      `<html><head><script type="application/ld+json">{"@type":"Product","name":"Casque X","offers":[` +
      `{"@type":"Offer","sku":"X-NEUF","name":"Neuf","price":"199.00","priceCurrency":"EUR"},` +
      `{"@type":"Offer","sku":"X-RECOND","name":"Reconditionné","price":"149.00","priceCurrency":"EUR"}]}</script>` +
      `</head><body><h1>Casque X</h1></body></html>`;
    const r = extractProduct(html, "https://shop.example/p/casque-x");
    expect(r.candidates.filter((c) => c.source === "jsonld").map((c) => [c.price, c.label, c.sku])).toEqual(
      expect.arrayContaining([
        ["199", "Neuf", "X-NEUF"],
        ["149", "Reconditionné", "X-RECOND"],
      ]),
    );
  });

  it("lists Shopify's variant JSON with titles and skus", () => {
    const meta = {
      product: {
        variants: [
          { id: 11, price: 2900, sku: "TS-S", public_title: "S / Blanc" },
          { id: 12, price: 3100, sku: "TS-XL", public_title: "XL / Blanc" },
        ],
      },
    };
    const html =
      `<html><head><script>var meta = ${JSON.stringify(meta)};</script></head>` +
      `<body><h1>T-shirt</h1><span class="price">29,00 €</span></body></html>`;
    const r = extractProduct(html, "https://shop.example/products/t-shirt");
    const variants = r.candidates.filter((c) => c.kind === "variant");
    expect(variants.map((c) => [c.price, c.label, c.sku, c.locator])).toEqual([
      ["29", "S / Blanc", "TS-S", "meta:shopify:sku=TS-S"],
      ["31", "XL / Blanc", "TS-XL", "meta:shopify:sku=TS-XL"],
    ]);
  });

  it("gives text candidates a CSS locator made of ids and classes, without nth-child", () => {
    const r = extractProduct(read("productgroup-phone-variants.html"), "https://www.telshop.example/p/nova-12");
    const main = r.candidates.find((c) => c.kind === "main");
    expect(main).toMatchObject({ price: "699", locator: "div.product p.price" });
    expect(r.candidates.every((c) => !c.locator.includes("nth-"))).toBe(true);
  });

  it("serializes text candidates with their words around and their locator, read lazily", () => {
    const r = extractProduct(read("productgroup-phone-variants.html"), "https://www.telshop.example/p/nova-12");
    const main = r.candidates.find((c) => c.kind === "main");
    const stored = JSON.parse(JSON.stringify(r.candidates)) as Array<Record<string, unknown>>;
    expect(stored.find((c) => c.kind === "main")).toEqual({
      price: "699",
      currency: main?.currency,
      source: main?.source,
      score: main?.score,
      kind: "main",
      context: main?.context,
      locator: "div.product p.price",
      label: null,
      sku: null,
    });
    expect(main?.context).toContain("699");
  });
});
