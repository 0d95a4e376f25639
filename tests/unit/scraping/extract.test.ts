import { describe, expect, it } from "vitest";
import { extractProduct } from "@/lib/scraping/extract";

const URL_FR = "https://www.boutique.fr/p/produit-1";

function page(body: string, head = "", lang = "fr-FR"): string {
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>Boutique</title>${head}</head><body>${body}</body></html>`;
}

function ld(obj: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(obj)}</script>`;
}

const product = (offers: unknown, extra: Record<string, unknown> = {}) => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Perceuse",
  offers,
  ...extra,
});

describe("extractProduct: JSON-LD", () => {
  it("reads a Product offer", () => {
    const r = extractProduct(
      page(
        ld(
          product({
            "@type": "Offer",
            price: "49.90",
            priceCurrency: "EUR",
            availability: "https://schema.org/InStock",
          }),
        ),
      ),
      URL_FR,
    );
    expect(r).toMatchObject({ price: "49.9", currency: "EUR", available: true, method: "jsonld", title: "Perceuse" });
    expect(r.candidates.some((c) => c.source === "jsonld" && c.price === "49.9")).toBe(true);
  });

  it("finds the Product inside @graph and arrays", () => {
    const graph = {
      "@context": "https://schema.org",
      "@graph": [{ "@type": "WebSite", name: "x" }, [product({ "@type": "Offer", price: 12, priceCurrency: "GBP" })]],
    };
    expect(extractProduct(page(ld(graph)), URL_FR)).toMatchObject({ price: "12", currency: "GBP", method: "jsonld" });
  });

  it("uses AggregateOffer.lowPrice", () => {
    const r = extractProduct(
      page(ld(product({ "@type": "AggregateOffer", lowPrice: "15.00", highPrice: "30", priceCurrency: "EUR" }))),
      URL_FR,
    );
    expect(r.price).toBe("15");
  });

  it("prefers the sale price of a priceSpecification list", () => {
    const offer = {
      "@type": "Offer",
      priceCurrency: "EUR",
      priceSpecification: [
        { "@type": "UnitPriceSpecification", priceType: "https://schema.org/StrikethroughPrice", price: 99 },
        { "@type": "UnitPriceSpecification", priceType: "https://schema.org/SalePrice", price: 79 },
      ],
    };
    expect(extractProduct(page(ld(product(offer))), URL_FR).price).toBe("79");
  });

  it("among several offers prefers in stock, then the lowest", () => {
    const offers = [
      { "@type": "Offer", price: "10", priceCurrency: "EUR", availability: "OutOfStock" },
      { "@type": "Offer", price: "30", priceCurrency: "EUR", availability: "InStock" },
      { "@type": "Offer", price: "20", priceCurrency: "EUR", availability: "http://schema.org/InStock" },
    ];
    expect(extractProduct(page(ld(product(offers))), URL_FR)).toMatchObject({ price: "20", available: true });
  });

  it("prefers the offer of the page's own variant", () => {
    const url = "https://shop.example.com/products/t?variant=2";
    const offers = [
      { "@type": "Offer", price: "25", priceCurrency: "USD", url: "https://shop.example.com/products/t?variant=1" },
      { "@type": "Offer", price: "28", priceCurrency: "USD", url: "https://shop.example.com/products/t?variant=2" },
    ];
    expect(extractProduct(page(ld(product(offers))), url).price).toBe("28");
  });

  it("tolerates comments, trailing commas and entities", () => {
    const raw = `<script type="application/ld+json">{ // cms
      "@type": "Product", "name": "Caf&eacute;", "offers": { "@type": "Offer", "price": "3.50", "priceCurrency": "EUR", }, }</script>`;
    expect(extractProduct(page(raw), URL_FR)).toMatchObject({ price: "3.5", currency: "EUR" });
  });

  it("ignores products of ItemList and isRelatedTo", () => {
    const list = {
      "@type": "ItemList",
      itemListElement: [{ "@type": "ListItem", item: product({ "@type": "Offer", price: "5", priceCurrency: "EUR" }) }],
    };
    const main = product(
      { "@type": "Offer", price: "120", priceCurrency: "EUR" },
      { isRelatedTo: product({ "@type": "Offer", price: "7", priceCurrency: "EUR" }) },
    );
    expect(extractProduct(page(ld(list) + ld(main)), URL_FR).price).toBe("120");
  });

  it("does not throw on garbage JSON-LD", () => {
    const r = extractProduct(
      page(`<script type="application/ld+json">{{{ not json</script><span class="price">9,99 €</span>`),
      URL_FR,
    );
    expect(r.price).toBe("9.99");
  });

  it("reads availability written in many ways", () => {
    for (const [value, want] of [
      ["InStock", true],
      ["https://schema.org/OutOfStock", false],
      ["http://schema.org/SoldOut", false],
      ["instock", true],
      ["PreOrder", true],
      ["BackOrder", true],
      ["Discontinued", false],
      ["LimitedAvailability", true],
      ["InStoreOnly", false],
      ["OnlineOnly", true],
    ] as const) {
      const r = extractProduct(
        page(ld(product({ "@type": "Offer", price: "1", priceCurrency: "EUR", availability: value }))),
        URL_FR,
      );
      expect(r.available, value).toBe(want);
    }
  });
});

describe("extractProduct: microdata, RDFa and meta", () => {
  it("reads itemprop=price content and priceCurrency", () => {
    const html = page(
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Lampe</h1><div ` +
        `itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" ` +
        `content="19.90">19,90 €</span><meta itemprop="priceCurrency" content="EUR"><link ` +
        `itemprop="availability" href="https://schema.org/OutOfStock"></div></div>`,
    );
    expect(extractProduct(html, URL_FR)).toMatchObject({
      price: "19.9",
      currency: "EUR",
      available: false,
      method: "microdata",
    });
  });

  it("reads RDFa schema:price", () => {
    const html = page(
      `<div vocab="https://schema.org/" typeof="Product"><span property="name">Vin</span><div ` +
        `property="offers" typeof="Offer"><span property="schema:price" content="12.50">12,50</span><span ` +
        `property="priceCurrency" content="EUR"></span></div></div>`,
    );
    expect(extractProduct(html, URL_FR)).toMatchObject({ price: "12.5", currency: "EUR" });
  });

  it("reads Open Graph product meta", () => {
    const head =
      `<meta property="product:price:amount" content="59.00"><meta property="product:price:currency" ` +
      `content="EUR"><meta property="og:availability" content="oos">`;
    expect(extractProduct(page("<h1>Affiche</h1>", head), URL_FR)).toMatchObject({
      price: "59",
      currency: "EUR",
      available: false,
      method: "meta",
    });
  });
});

describe("extractProduct: user selector", () => {
  it("wins when it yields a price", () => {
    const html = page(
      `${ld(product({ "@type": "Offer", price: "10", priceCurrency: "EUR" }))}<div id="x">Prix spécial 8,50 €</div>`,
    );
    expect(extractProduct(html, URL_FR, { selector: "#x" })).toMatchObject({ price: "8.5", method: "selector" });
  });

  it("is ignored when invalid or empty", () => {
    const html = page(ld(product({ "@type": "Offer", price: "10", priceCurrency: "EUR" })));
    expect(extractProduct(html, URL_FR, { selector: "div[[[" })).toMatchObject({ price: "10", method: "jsonld" });
    expect(extractProduct(html, URL_FR, { selector: ".nothing" }).method).toBe("jsonld");
  });
});

describe("extractProduct: visible text", () => {
  const shell = (inner: string, after = "") =>
    page(
      `<header class="site-header"><a class="minicart">Panier 0,00 ` +
        `€</a></header><main><h1>Canapé</h1>${inner}<button class="add-to-cart">Ajouter au ` +
        `panier</button></main>${after}<footer>Livraison offerte dès 49 €</footer>`,
    );

  it("skips the crossed-out price", () => {
    expect(extractProduct(shell(`<p class="price"><del>59,00 €</del> <ins>49,00 €</ins></p>`), URL_FR).price).toBe(
      "49",
    );
    expect(
      extractProduct(shell(`<span class="old-price">59,00 €</span><span class="price">49,00 €</span>`), URL_FR).price,
    ).toBe("49");
    expect(extractProduct(shell(`<s>59,00 €</s><span class="product-price">49,00 €</span>`), URL_FR).price).toBe("49");
  });

  it("ignores recommendation blocks with cheaper prices", () => {
    const reco = `<section><h2>Vous aimerez aussi</h2><div class="price">9,99 €</div><div class="price">4,99 €</div></section>`;
    expect(extractProduct(shell(`<div class="product-price">249,00 €</div>`, reco), URL_FR).price).toBe("249");
  });

  it("ignores free-shipping thresholds, instalments and eco-participation", () => {
    const inner =
      `<p class="promo">Livraison gratuite dès 50 €</p><p class="product-price">29,90 €</p><p class="pay">ou 3x ` +
      `9,97 € sans frais</p><p class="eco">dont éco-participation 0,50 €</p>`;
    expect(extractProduct(shell(inner), URL_FR).price).toBe("29.9");
  });

  it("rebuilds prices split across spans and sup", () => {
    expect(extractProduct(shell(`<span class="price"><span>49</span><sup>,90 €</sup></span>`), URL_FR).price).toBe(
      "49.9",
    );
    expect(extractProduct(shell(`<span class="price">49<sup>90</sup> €</span>`), URL_FR).price).toBe("49.9");
    const amazon =
      `<div id="corePrice_feature_div"><span class="a-price"><span class="a-price-whole">1 299<span ` +
      `class="a-price-decimal">,</span></span><span class="a-price-fraction">99</span><span class="a-price-symbol">€</span></span></div>`;
    expect(extractProduct(shell(amazon), URL_FR).price).toBe("1299.99");
  });

  it("knows Magento finalPrice and PrestaShop current-price", () => {
    const magento =
      `<span data-price-type="oldPrice" data-price-amount="99.99"><span class="price">99,99 €</span></span><span ` +
      `data-price-type="finalPrice" data-price-amount="79.99"><span class="price">79,99 €</span></span>`;
    expect(extractProduct(shell(magento), URL_FR).price).toBe("79.99");
    const presta =
      `<div class="product-prices"><span class="regular-price">29,90 €</span><div ` +
      `class="current-price"><span>24,90 €</span></div></div>`;
    expect(extractProduct(shell(presta), URL_FR).price).toBe("24.9");
  });

  it("answers null price and unavailable for an out-of-stock page without a price", () => {
    const r = extractProduct(
      shell(
        `<p class="stock">Rupture de stock</p>`,
        `<section class="related-products"><h2>Produits similaires</h2><span class="price">19,99 €</span></section>`,
      ).replace('<button class="add-to-cart">Ajouter au panier</button>', ""),
      URL_FR,
    );
    expect(r).toMatchObject({ price: null, available: false });
  });

  it("lists the candidates it considered with a score and source", () => {
    const r = extractProduct(shell(`<span class="old-price">59,00 €</span><span class="price">49,00 €</span>`), URL_FR);
    expect(r.method).toBe("text");
    expect(r.candidates.length).toBeGreaterThan(1);
    expect(r.candidates.every((c) => typeof c.score === "number" && c.source.startsWith("text:"))).toBe(true);
  });
});

describe("extractProduct: availability from the page", () => {
  const base = (inner: string) => page(`<main><h1>Chaise</h1><span class="price">49,00 €</span>${inner}</main>`);
  it("reads French and English phrases", () => {
    expect(extractProduct(base(`<p>En stock</p>`), URL_FR).available).toBe(true);
    expect(extractProduct(base(`<p>Actuellement indisponible</p>`), URL_FR).available).toBe(false);
    expect(extractProduct(base(`<p>Épuisé</p>`), URL_FR).available).toBe(false);
    expect(extractProduct(base(`<p>Currently unavailable.</p>`), URL_FR).available).toBe(false);
    expect(extractProduct(base(`<p>Sold out</p>`), URL_FR).available).toBe(false);
    expect(extractProduct(base(`<p>Auf Lager</p>`), URL_FR).available).toBe(true);
  });
  it("reads the add-to-cart button state", () => {
    expect(extractProduct(base(`<button class="btn">Ajouter au panier</button>`), URL_FR).available).toBe(true);
    expect(extractProduct(base(`<button class="btn" disabled>Ajouter au panier</button>`), URL_FR).available).toBe(
      false,
    );
  });
  it("ignores availability inside recommendation blocks", () => {
    const html =
      base(`<p>En stock</p>`) +
      `<section class="recommendations"><h2>Recommandé pour vous</h2><p>Rupture de stock</p></section>`;
    expect(extractProduct(html, URL_FR).available).toBe(true);
  });
  it("reads og:availability", () => {
    expect(
      extractProduct(page("<h1>x</h1>", `<meta property="product:availability" content="in stock">`), URL_FR).available,
    ).toBe(true);
  });
});

describe("extractProduct: currency from page hints", () => {
  it("uses the page locale when the price has no symbol", () => {
    expect(extractProduct(page(`<h1>x</h1><span class="price">49,90</span>`), URL_FR).currency).toBe("EUR");
  });
  it("reads $ as CAD only when the page says so", () => {
    const body = `<h1>Hoodie</h1><span class="price">$49.99</span>`;
    expect(extractProduct(page(body, "", "en-CA"), "https://x.ca/p").currency).toBe("CAD");
    expect(extractProduct(page(body, "", "en"), "https://x.ca/p").currency).toBe("USD");
    expect(
      extractProduct(page(body, `<meta property="og:locale" content="en_CA">`, "en"), "https://x.ca/p").currency,
    ).toBe("CAD");
  });
  it("never turns $ into EUR", () => {
    expect(extractProduct(page(`<h1>x</h1><span class="price">$12.00</span>`), URL_FR).currency).toBe("USD");
  });
  it("resolves kr from the locale or domain", () => {
    expect(
      extractProduct(page(`<h1>x</h1><span class="price">499 kr</span>`, "", "nb-NO"), "https://x.no/p").currency,
    ).toBe("NOK");
    expect(
      extractProduct(page(`<h1>x</h1><span class="price">499 kr</span>`, "", "en"), "https://x.dk/p").currency,
    ).toBe("DKK");
  });
});

describe("extractProduct: robustness", () => {
  it("returns a result for empty, junk and huge input", () => {
    expect(extractProduct("", URL_FR)).toMatchObject({ price: null, method: null, candidates: [] });
    expect(extractProduct("\u0000\u0001\u00ff<<<>>>&&&;;", "not a url").price).toBeNull();
    expect(extractProduct(undefined as unknown as string, URL_FR).price).toBeNull();
    const big = page(
      `<h1>x</h1><span class="price">12,00 €</span>` +
        "<div><p>lorem ipsum dolor sit amet 12</p></div>".repeat(120_000),
    );
    expect(big.length).toBeGreaterThan(5_000_000);
    expect(extractProduct(big, URL_FR).price).toBe("12");
  }, 60_000);
  it("survives very deep nesting", () => {
    const deep = `${"<div>".repeat(20_000)}<span class="price">5,00 €</span>${"</div>".repeat(20_000)}`;
    expect(extractProduct(page(deep), URL_FR).price).toBe("5");
    const unclosed = `${"<span>".repeat(100_000)}<b class="price">7,00 €</b>`;
    expect(extractProduct(page(unclosed), URL_FR).price).toBe("7");
  }, 60_000);
});

describe("extractProduct: structured data against the displayed price", () => {
  it("takes the displayed variant among several structured offers", () => {
    const offers = [
      { "@type": "Offer", price: "49.00", priceCurrency: "EUR", availability: "InStock" },
      { "@type": "Offer", price: "29.00", priceCurrency: "EUR", availability: "InStock" },
    ];
    const html = page(
      `<main><h1>Perceuse</h1><span class="product-price">49,00 €</span><button>Ajouter au panier</button></main>` +
        ld(product(offers)),
    );
    expect(extractProduct(html, URL_FR)).toMatchObject({ price: "49", method: "jsonld" });
  });
  it("prefers the visible price when the structured one is the crossed-out price", () => {
    const html = page(
      `<main><h1>Perceuse</h1><del>89,00 €</del> <span class="current-price">69,00 €</span><button>Ajouter au panier</button></main>` +
        ld(product({ "@type": "Offer", price: "89.00", priceCurrency: "EUR" })),
    );
    expect(extractProduct(html, URL_FR)).toMatchObject({ price: "69", method: "text" });
  });
  it("reads a structured 1.299 as 1299 when the page shows 1 299 €", () => {
    const html = page(
      `<main><h1>Perceuse</h1><span class="product-price">1 299 €</span><button>Ajouter au panier</button></main>` +
        ld(product({ "@type": "Offer", price: "1.299", priceCurrency: "EUR" })),
    );
    expect(extractProduct(html, URL_FR).price).toBe("1299");
  });
  it("keeps a lone structured product whose name matches the title", () => {
    const html = page(
      `<main><h1>Perceuse sans fil</h1><span class="price">99,00 €</span></main>` +
        ld(product({ "@type": "Offer", price: "95.00", priceCurrency: "EUR" }, { name: "Perceuse sans fil 18V" })),
    );
    expect(extractProduct(html, URL_FR)).toMatchObject({ price: "95", method: "jsonld" });
  });
});

describe("extractProduct: visibility", () => {
  it("treats Tailwind/Bootstrap responsive classes as visible", () => {
    const html = page(
      `<main><h1>Lampe</h1><div class="hidden md:flex"><span class="price">39,00 €</span></div><div ` +
        `class="d-none d-lg-block"><span>En stock</span></div></main>`,
    );
    expect(extractProduct(html, URL_FR)).toMatchObject({ price: "39", available: true });
  });
  it("ignores hidden templates", () => {
    const html = page(
      `<main><h1>Lampe</h1><span class="price">39,00 €</span><div hidden><span class="price">1,00 ` +
        `€</span><p>Rupture de stock</p></div><button>Ajouter au panier</button></main>`,
    );
    expect(extractProduct(html, URL_FR)).toMatchObject({ price: "39", available: true });
  });
});

describe("extractProduct: microdata with a marked-up old price", () => {
  it("skips an itemprop=price inside the crossed-out price", () => {
    const html = page(
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Lampe</h1><div ` +
        `itemprop="offers" itemscope itemtype="https://schema.org/Offer"><del><span itemprop="price" ` +
        `content="59.00">59,00 €</span></del><span itemprop="price" content="49.00">49,00 €</span><meta ` +
        `itemprop="priceCurrency" content="EUR"></div></div>`,
    );
    expect(extractProduct(html, URL_FR)).toMatchObject({ price: "49", method: "microdata" });
  });
});

describe("extractProduct: pages whose class names say nothing (CSS modules, hashed classes)", () => {
  const shell = (price: string, extra = "") =>
    page(
      `<main><h1 class="x7f2a">Lampe de bureau</h1>${extra}<div class="q9d1e">${price}</div><button ` +
        `class="b8c3">Ajouter au panier</button></main>`,
    );
  it("reads a price split into a number and a lone currency sign", () => {
    expect(extractProduct(shell(`<span class="k1">129</span><span class="k2">€</span>`), URL_FR)).toMatchObject({
      price: "129",
      currency: "EUR",
    });
    expect(
      extractProduct(
        shell(`<span class="k1">1&#8239;299</span><span class="k3">,99</span><span class="k2">€</span>`),
        URL_FR,
      ).price,
    ).toBe("1299.99");
    expect(
      extractProduct(
        shell(`<p class="k1">1.299<sup>99</sup> <span class="k2">Lei</span></p>`),
        "https://www.emag.ro/telefon/pd/X1/",
      ).price,
    ).toBe("1299.99");
  });
  it("reads a price whose cents and sign sit in a superscript", () => {
    expect(extractProduct(shell(`<span class="k1"><span>49</span><sup>,90 €</sup></span>`), URL_FR).price).toBe("49.9");
  });
  it("finds codes ending in a non-ASCII letter (Kč, zł) in plain text", () => {
    expect(extractProduct(shell(`<p class="k1">Cena 27 500 Kč</p>`), "https://www.obchod.cz/p/1")).toMatchObject({
      price: "27500",
      currency: "CZK",
    });
    expect(extractProduct(shell(`<p class="k1">1 299,00 zł</p>`), "https://sklep.pl/p/1")).toMatchObject({
      price: "1299",
      currency: "PLN",
    });
  });
  it("skips an instalment teaser shown before the price", () => {
    const teaser = `<p class="t1">Payez en 3x 33,33 € sans frais</p>`;
    expect(extractProduct(shell(`<span class="k1">99,99 €</span>`, teaser), URL_FR).price).toBe("99.99");
  });
});

describe("extractProduct: availability phrases across languages", () => {
  const phrases: Array<[string, boolean]> = [
    ["Disponibilità immediata.", true],
    ["Disponibilidad inmediata", true],
    ["Nur noch 3 auf Lager", true],
    ["Usually dispatched within 2 to 3 days.", true],
    ["Habituellement expédié sous 2 à 3 jours.", true],
    ["Temporairement en rupture de stock.", false],
    ["Temporarily out of stock.", false],
    ["Derzeit nicht verfügbar.", false],
    ["Non disponibile.", false],
    ["No disponible.", false],
    ["Actuellement indisponible.", false],
    ["Currently unavailable.", false],
    ["Disponible en précommande", true],
    ["In stock", true],
    ["Only 2 left in stock - order soon.", true],
    ["Il ne reste plus que 2 exemplaire(s) en stock.", true],
    ["Auf Lager", true],
    ["Op voorraad", true],
    ["Niet op voorraad", false],
    ["Tillfälligt slut", false],
    ["I lager", true],
    ["Slutsåld", false],
    ["Na stanie", true],
    ["Brak w magazynie", false],
    ["Skladem", true],
    ["Vyprodáno", false],
    ["Stoc epuizat", false],
    ["În stoc", true],
    ["Produsul nu mai este disponibil", false],
    ["Livraison en 24h", true],
    ["Stokta yok", false],
    ["Stokta", true],
    ["Agotado", false],
    ["En existencia", true],
    ["Esgotado", false],
    ["Em estoque", true],
    ["Esaurito", false],
    ["Disponibile", true],
    ["Sold out", false],
    ["Back in stock soon", false],
    ["Pre-order now", true],
    ["This item is no longer available", false],
    ["Nicht mehr lieferbar", false],
  ];
  it.each(phrases)("%s → %s", (phrase, available) => {
    const html = page(
      `<main><h1>Produit test</h1><span class="price">19,99 €</span><p class="availability">${phrase}</p></main>`,
    );
    expect(extractProduct(html, URL_FR).available).toBe(available);
  });
});
