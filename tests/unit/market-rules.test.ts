import { describe, expect, it } from "vitest";
import { domainOf, marketOf, positionOf, type TOffer } from "@/lib/insights/market-rules";
import { catalogueIndex } from "@/lib/insights/price-index";

const offer = (cents: number | null, extra: Partial<TOffer> = {}): TOffer => ({
  urlId: `u${cents}`,
  productId: "p",
  name: "M",
  url: "https://m.example/",
  domain: "m.example",
  readingId: 1,
  cents,
  shipping: null,
  amount: cents,
  seller: null,
  currency: "EUR",
  available: cents !== null,
  at: new Date(0),
  ...extra,
});

describe("market rules", () => {
  it("'aligné' is within ±1 % of the cheapest offer, bounds included", () => {
    const market = marketOf([offer(10_000), offer(12_000)]);
    expect(positionOf(10_100, market)).toBe("aligned");
    expect(positionOf(9_900, market)).toBe("aligned");
    expect(positionOf(10_101, market)).toBe("dearer");
    expect(positionOf(9_899, market)).toBe("cheapest");
    expect(positionOf(9_899, null)).toBe("no_market");
  });

  it("compares only available offers in euros; the average is rounded to the cent", () => {
    const market = marketOf([
      offer(1_000),
      offer(1_001),
      offer(1_001),
      offer(500, { currency: "GBP" }),
      offer(100, { available: false }),
      offer(null),
    ]);
    expect(market).toMatchObject({ count: 3, min: 1_000, avg: 1_001, max: 1_001 });
    expect(market!.cheapest.map((o) => o.cents)).toEqual([1_000]);
    expect(marketOf([offer(null), offer(700, { currency: "USD" })])).toBeNull();
  });

  it("merchants are domains without www; the catalogue index weighs each product by its price", () => {
    expect(domainOf("https://WWW.Fnac.com/a?b=1")).toBe("fnac.com");
    expect(domainOf("https://darty.com/b")).toBe("darty.com");
    expect(catalogueIndex({ products: 0, mySum: 0, avgSum: 0 })).toBeNull();
    // (100 + 50) / (80 + 70) × 100, then (100 + 50) / (80 + 40)
    expect(catalogueIndex({ products: 2, mySum: 15_000, avgSum: 15_000 })).toBe("100.00");
    expect(catalogueIndex({ products: 2, mySum: 15_000, avgSum: 12_000 })).toBe("125.00");
  });
});
