import { describe, expect, it } from "vitest";
import { addVat, splitVat, ttcNote } from "@/lib/billing/vat";

describe("VAT on plans priced excluding tax", () => {
  it("adds 20 % in integer cents and splits a total back", () => {
    expect(addVat(4900)).toEqual({ ht: 4900, vat: 980, ttc: 5880 });
    expect(addVat(19_900)).toEqual({ ht: 19_900, vat: 3980, ttc: 23_880 });
    expect(splitVat(5880)).toEqual({ ht: 4900, vat: 980, ttc: 5880 });
    // rounding to the cent never loses a cent between the parts
    for (const ht of [1, 333, 999, 12_345]) {
      const { vat, ttc } = addVat(ht);
      expect(splitVat(ttc)).toEqual({ ht, vat, ttc });
    }
  });

  it("words the price with VAT under a paid plan, nothing under a free one", () => {
    expect(ttcNote("49.00")?.replace(/\s/g, " ")).toBe("soit 58,80 € TTC (TVA 20 %)");
    expect(ttcNote(0)).toBeNull();
    expect(ttcNote(null)).toBeNull();
  });
});
