import { describe, expect, it } from "vitest";
import { extractProduct } from "@/lib/scraping/extract";

const URL = "https://shop.example/p/sac";
const page = (main: string, head = "") =>
  `<html lang="fr"><head><title>Sac Trek</title>${head}</head><body><header class="site-header">` +
  `<div class="topbar">Livraison offerte dès 49 € d'achat</div></header><main><div class="product"><h1>Sac Trek</h1>` +
  `${main}<button class="add-to-cart">Ajouter au panier</button></div></main></body></html>`;
const ld = (offer: string) =>
  `<script type="application/ld+json">{"@type":"Product","name":"Sac Trek","offers":${offer}}</script>`;

describe("regular price of a sale", () => {
  it("is the crossed-out price next to the price", () => {
    const r = extractProduct(page(`<span class="price">39,90 €</span> <del>59,90 €</del>`), URL);
    expect(r).toMatchObject({ price: "39.9", regularPrice: "59.9" });
  });

  it("is the amount after 'au lieu de' or 'statt'", () => {
    expect(extractProduct(page(`<p class="price">39,90 €</p><p>au lieu de 59,90 €</p>`), URL).regularPrice).toBe(
      "59.9",
    );
    expect(extractProduct(page(`<p class="price">39,90 €</p><p>statt 49,90 €</p>`), URL).regularPrice).toBe("49.9");
  });

  it("is the structured list price", () => {
    const spec =
      `[{"@type":"UnitPriceSpecification","price":"39.90","priceCurrency":"EUR"},` +
      `{"@type":"UnitPriceSpecification","priceType":"https://schema.org/StrikethroughPrice",` +
      `"price":"59.90","priceCurrency":"EUR"}]`;
    const r = extractProduct(
      page("", ld(`{"@type":"Offer","price":"39.90","priceCurrency":"EUR","priceSpecification":${spec}}`)),
      URL,
    );
    expect(r).toMatchObject({ price: "39.9", regularPrice: "59.9" });
  });

  it("is never computed from a percentage alone, nor taken lower than the price or from another product", () => {
    expect(
      extractProduct(page(`<span class="badge">-20 %</span><span class="price">39,90 €</span>`), URL).regularPrice,
    ).toBeNull();
    expect(extractProduct(page(`<span class="price">39,90 €</span> <del>29,90 €</del>`), URL).regularPrice).toBeNull();
    const related =
      `<section class="related-products"><h2>Vous aimerez aussi</h2><del>89,90 €</del><span class="price">` +
      `69,90 €</span></section>`;
    const r = extractProduct(page(`<span class="price">39,90 €</span>`).replace("</main>", `</main>${related}`), URL);
    expect(r).toMatchObject({ price: "39.9", regularPrice: null });
  });
});

describe("shipping", () => {
  it("is read from OfferShippingDetails", () => {
    const offer =
      `{"@type":"Offer","price":"39.90","priceCurrency":"EUR",` +
      `"shippingDetails":{"@type":"OfferShippingDetails","shippingRate":{"@type":"MonetaryAmount",` +
      `"value":4.99,"currency":"EUR"}}}`;
    expect(extractProduct(page("", ld(offer)), URL)).toMatchObject({ price: "39.9", shipping: "4.99" });
  });

  it("is not stated when structured data gives several destination rates", () => {
    const rate = (v: string) =>
      `{"@type":"OfferShippingDetails","shippingRate":{"@type":"MonetaryAmount","value":"${v}","currency":"EUR"}}`;
    const offer = `{"@type":"Offer","price":"39.90","priceCurrency":"EUR","shippingDetails":[${rate("4.99")},${rate("12.00")}]}`;
    expect(extractProduct(page("", ld(offer)), URL).shipping).toBeNull();
  });

  it("is read from 'Livraison : 4,99 €' next to the price", () => {
    const r = extractProduct(page(`<span class="price">39,90 €</span><p class="shipping">Livraison : 4,99 €</p>`), URL);
    expect(r).toMatchObject({ price: "39.9", shipping: "4.99" });
  });

  it("is never guessed from a free-shipping threshold or from two different amounts", () => {
    const threshold = page(`<span class="price">39,90 €</span><p class="shipping">Livraison gratuite dès 50 €</p>`);
    expect(extractProduct(threshold, URL).shipping).toBeNull();
    const two = page(
      `<span class="price">39,90 €</span><p class="shipping">Livraison : 4,99 €</p><p class="shipping">Livraison : 9,99 €</p>`,
    );
    expect(extractProduct(two, URL).shipping).toBeNull();
  });
});
