import { describe, expect, it } from "vitest";
import { memoTest, slotOf } from "@/lib/scraping/extract/text-memo";

describe("memoTest", () => {
  it("answers as the regex does for texts that share a slot", () => {
    const stock = "en stock!";
    const other = "eXYZtQck!";
    expect(slotOf(other, 1024)).toBe(slotOf(stock, 1024));
    const hinted = memoTest(/stock/i);
    expect([stock, other, stock, `${stock.slice(0, 4)}${stock.slice(4)}`, other].map(hinted)).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
  });

  it("keeps answers apart between testers", () => {
    const inStock = memoTest(/stock/i);
    const soldOut = memoTest(/épuisé/i);
    expect([inStock("En stock"), soldOut("En stock"), inStock("Épuisé"), soldOut("Épuisé")]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});
