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
    const one = html
      .replace(/"name":"(?:GameDiscount|ReGame)"/g, '"name":"MegaPlace"')
      .replace(/<section class="other-offers">[\s\S]*?<\/section>/, "");
    expect(extractProduct(one, URL).offers).toEqual([]);
  });
});

const page = (file: string) => readFileSync(path.resolve(import.meta.dirname, "../../fixtures/pages", file), "utf8");
const sellers = (r: ReturnType<typeof extractProduct>) =>
  r.offers.map((o) => [o.seller, o.price, o.shipping, o.regularPrice, o.condition, o.buyBox]);

describe("offers without structured data", () => {
  const JSON_URL = "https://www.grandbazar.example/p/cyclo-v8-pro";
  const embedded = page("marketplace-embedded-json.html");

  it("reads a state blob's sellers (not a recommended product's), the flagged buy-box with its own extras", () => {
    const r = extractProduct(embedded, JSON_URL);
    expect(sellers(r)).toEqual([
      ["GrandBazar", "349", "3.99", null, "new", true],
      ["ElectroPlus", "329.9", "12.5", "449", "new", false],
      ["Seconde Vie", "239", "0", null, "used", false],
    ]);
    expect(r).toMatchObject({ price: "349", regularPrice: null, shipping: "3.99", available: true });
    expect(extractProduct(embedded, JSON_URL, { selector: "offer:cheapest-new" })).toMatchObject({
      price: "329.9",
      regularPrice: "449",
      shipping: "12.5",
    });
  });

  it("without a buy-box flag, takes the offer whose price the product block shows", () => {
    const unflagged = embedded.replace(/,"isBuyBox":(?:true|false)/g, "");
    const r = extractProduct(unflagged, JSON_URL);
    expect(r.offers.find((o) => o.buyBox)?.seller).toBe("GrandBazar");
    expect(r).toMatchObject({ price: "349", regularPrice: null, shipping: "3.99" });
  });

  it("reads a repeated offer list's seller, price, crossed-out price, shipping and condition per row", () => {
    const r = extractProduct(
      page("marketplace-markup-offers.html"),
      "https://www.marchecentral.example/orion-12-128-noir",
    );
    expect(sellers(r)).toEqual([
      ["PhoneStore", "459.9", "4.99", null, null, true],
      ["TéléDirect", "439", "9.9", "529", "new", false],
      ["Recyclo'Phone", "319", "0", null, "refurbished", false],
      ["MobiSolde", "289", "6.9", null, "used", false],
    ]);
    expect(r).toMatchObject({ price: "459.9", regularPrice: null, shipping: "4.99" });
  });

  it("takes neither another seller's crossed-out price nor its shipping", () => {
    const crossed = extractProduct(
      page("marketplace-crossed-other-seller.html"),
      "https://www.cuisinemarket.example/robot-maestro-1000",
    );
    expect(crossed).toMatchObject({ price: "189.99", regularPrice: null });
    expect(crossed.offers.find((o) => o.seller === "ArtCulinaire")?.regularPrice).toBe("249");
    const shipped = extractProduct(
      page("marketplace-shipping-other-seller.html"),
      "https://www.jardiplace.example/tondeuse-verdi-46",
    );
    expect(shipped).toMatchObject({ price: "329", shipping: null });
    expect(sellers(shipped)[0]).toEqual(["Jardi-Place", "329", null, null, null, true]);
  });

  it("a page naming a single seller is no marketplace", () => {
    const one = page("marketplace-crossed-other-seller.html").replace(
      /<div class="pdp-more">[\s\S]*?<\/div>\s*<\/div>/,
      "</div>",
    );
    expect(extractProduct(one, "https://www.cuisinemarket.example/robot-maestro-1000").offers).toEqual([]);
  });
});
