import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractProduct } from "@/lib/scraping/extract";

type TManifestEntry = {
  file: string;
  url: string;
  expected: { price: string | null; currency: string | null; available: boolean | null };
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
      expect({ price: result.price, currency: result.currency, available: result.available }).toEqual(entry.expected);
    });
  }
});
