// A user's CSS selector (price picker, URL selector hint) runs on every scrape of its page: a crafted one must
// not hold the scraper for minutes. Matching stops after SELECTOR_BUDGET steps and the rule then finds nothing.
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { runSelector } from "@/lib/scraping/extract/run-selector";

// 3,000 siblings, then 300 nested blocks, then the price: a few thousand elements, like a real page
const page = parseDocument(
  `<html><body>${"<i>x</i>".repeat(3000)}${"<div><p><b>-</b></p>".repeat(300)}` +
    `<span class="prix">129,99 €</span>${"</div>".repeat(300)}</body></html>`,
);

describe("user selectors on a page", () => {
  it("finds the price with ordinary selectors, deep in the page", () => {
    for (const selector of [
      ".prix",
      "body div div span.prix",
      "div > span.prix",
      "i ~ div span.prix",
      "div:has(> .prix)",
    ]) {
      expect(runSelector(page, selector, "EUR")).toMatchObject({ amount: "129.99" });
    }
  });

  it("gives up on selectors whose matching cost explodes, instead of holding the scraper", () => {
    // each would take minutes to hours here (n^k walks of the siblings or of nested :has)
    for (const selector of [
      "i ~ i ~ i ~ i ~ span.prix, u ~ i ~ i ~ i",
      "div:has(div:has(div:has(div:has(span.absent))))",
    ]) {
      expect(runSelector(page, selector, "EUR")).toBeNull();
    }
  });
});
