import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractProduct } from "@/lib/scraping/extract";
import { WEIGHTS } from "@/lib/scraping/extract/weights";

type TManifestEntry = {
  file: string;
  url: string;
  expected: {
    price: string | null;
    currency: string | null;
    available: boolean | null;
    regularPrice: string | null;
    shipping: string | null;
    // Checked when given (null otherwise expected).
    memberPrice?: string | null;
    couponPrice?: string | null;
  };
  // The page shows several equally plausible prices: the extractor must say it is not sure.
  uncertain?: boolean;
};

const dir = path.resolve(import.meta.dirname, "../../fixtures/pages");
const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as TManifestEntry[];

describe("extractProduct on the fixture corpus", () => {
  it("has a large enough corpus", () => {
    expect(manifest.length).toBeGreaterThanOrEqual(60);
  });

  for (const entry of manifest) {
    it(entry.file, () => {
      const html = readFileSync(path.join(dir, entry.file), "utf8");
      const result = extractProduct(html, entry.url);
      const { price, currency, available, regularPrice, shipping, memberPrice, couponPrice } = result;
      const { memberPrice: member = null, couponPrice: coupon = null, ...expected } = entry.expected;
      expect({ price, currency, available, regularPrice, shipping }).toEqual(expected);
      expect({ memberPrice, couponPrice }).toEqual({ memberPrice: member, couponPrice: coupon });
      if (entry.uncertain) expect(result.confidence).toBeLessThan(WEIGHTS.confidence.threshold);
      else if (result.price !== null) expect(result.confidence).toBeGreaterThanOrEqual(WEIGHTS.confidence.threshold);
    });
  }
});
