import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractProduct } from "@/lib/scraping/extract";

const html = readFileSync(
  path.resolve(import.meta.dirname, "../../fixtures/pages/marketplace-sellers-crossed.html"),
  "utf8",
);
const URL = "https://www.megaplace.example/p/vortex-s-512";

describe("a marketplace page's offers", () => {
  it("lists each seller's offer and takes the buy-box one, its crossed-out price and shipping or none", () => {
    const r = extractProduct(html, URL);
    expect(r.offers).toEqual([
      {
        seller: "MegaPlace",
        price: "219",
        currency: "EUR",
        shipping: "0",
        regularPrice: null,
        condition: "new",
        available: true,
        buyBox: true,
      },
      {
        seller: "GameDiscount",
        price: "199.99",
        currency: "EUR",
        shipping: "9.99",
        regularPrice: "299",
        condition: "new",
        available: true,
        buyBox: false,
      },
      {
        seller: "ReGame",
        price: "149",
        currency: "EUR",
        shipping: "4.9",
        regularPrice: null,
        condition: "used",
        available: true,
        buyBox: false,
      },
    ]);
    // another seller's crossed-out 299,00 € and shipping are not the buy-box's
    expect(r).toMatchObject({ price: "219", regularPrice: null, shipping: "0" });
    expect(r.confidence).toBeGreaterThanOrEqual(0.9);
    const picker = r.candidates.filter((c) => c.kind === "offer").map((c) => [c.label, c.price, c.locator]);
    expect(picker).toEqual([
      ["L'offre la moins chère (neuf, livraison comprise)", "199.99", "offer:cheapest-new"],
      ["MegaPlace – neuf – offre principale", "219", "offer:seller=MegaPlace"],
      ["GameDiscount – neuf", "199.99", "offer:seller=GameDiscount"],
      ["ReGame – occasion", "149", "offer:seller=ReGame"],
    ]);
  });

  it("reads the offer the URL's rule names, shipping included for the cheapest new one", () => {
    expect(extractProduct(html, URL, { selector: "offer:cheapest-new" })).toMatchObject({
      price: "199.99",
      regularPrice: "299",
      shipping: "9.99",
      method: "selector",
    });
    expect(extractProduct(html, URL, { selector: "offer:seller=regame" })).toMatchObject({
      price: "149",
      shipping: "4.9",
      method: "selector",
    });
    // the seller left the page: the buy-box, and the rule is reported lost (method is not "selector")
    expect(extractProduct(html, URL, { selector: "offer:seller=Parti" })).toMatchObject({
      price: "219",
      method: "jsonld",
    });
  });

  it("is no marketplace when one seller makes every offer", () => {
    const one = html.replace(/"name":"(?:GameDiscount|ReGame)"/g, '"name":"MegaPlace"');
    expect(extractProduct(one, URL).offers).toEqual([]);
  });
});
