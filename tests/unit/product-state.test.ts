import { describe, expect, it } from "vitest";
import { productState } from "@/components/products/product-state";

const base = { url_count: 2, uncertain_count: 0, paused_count: 0, failed_count: 0 };

describe("productState (the badge of a product card)", () => {
  it("is 'Suivi actif' only with a tracked URL and nothing to look at", () => {
    expect(productState(base)).toEqual({ label: "Suivi actif", tone: "success" });
  });

  it("says when nothing is tracked: no URL, or every URL paused", () => {
    expect(productState({ ...base, url_count: 0 })).toEqual({ label: "Aucune URL suivie", tone: "neutral" });
    expect(productState({ ...base, paused_count: 2 })).toEqual({ label: "En pause", tone: "warning" });
  });

  it("hints at a failed reading before an uncertain price", () => {
    expect(productState({ ...base, failed_count: 1, uncertain_count: 1 })).toEqual({
      label: "Relevé en échec",
      tone: "danger",
    });
    expect(productState({ ...base, failed_count: 2 }).label).toBe("2 relevés en échec");
    expect(productState({ ...base, uncertain_count: 1 }).label).toBe("Prix incertain");
  });
});
