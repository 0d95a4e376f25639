import { describe, expect, it } from "vitest";
import { showsReduction } from "@/lib/flags/check-promotion";
import { describeFlag } from "@/lib/flags/describe-flag";

describe("promotion-check evidence", () => {
  it("a reduction is a crossed-out price above the price shown", () => {
    expect(showsReduction({ price: "90.00", regularPrice: "100.00" })).toBe(true);
    expect(showsReduction({ price: "100.00", regularPrice: "100.00" })).toBe(false);
    expect(showsReduction({ price: "90.00", regularPrice: null })).toBe(false);
    expect(showsReduction({ price: null, regularPrice: "100.00" })).toBe(false);
  });

  it("states the evidence in French, with the dates and prices", () => {
    const promo = describeFlag("suspect_promotion", {
      currency: "EUR",
      regular_price: "129.00",
      price: "99.00",
      observed_at: "2026-04-12T08:00:00.000Z",
      reduction_started: { reading_id: 7, at: "2026-04-10T08:00:00.000Z", price: "99.00" },
      window_from: "2026-03-11T08:00:00.000Z",
      window_to: "2026-04-10T08:00:00.000Z",
      lowest: { reading_id: 3, at: "2026-03-20T08:00:00.000Z", price: "95.00" },
      readings_in_window: 30,
    });
    expect(promo).toMatch(/^Prix barré 129,00\s€ \(prix affiché 99,00\s€\)/);
    expect(promo).toMatch(/\(le 10\/04\/2026\) était 95,00\s€, le 20\/03\/2026 09:00\.$/);
    const floor = describeFlag("below_min_advertised", {
      currency: "EUR",
      price: "45.00",
      min_advertised_price: "50.00",
      observed_at: "2026-04-12T08:00:00.000Z",
      reading_id: 9,
    });
    expect(floor).toContain("sous le prix minimum annoncé surveillé (50,00");
  });
});
