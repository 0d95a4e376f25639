import { describe, expect, it } from "vitest";
import { parsePrice } from "@/lib/scraping/parse-price";
import { DECIMAL_SEPARATOR_CASES, EXTRA_CASES, PRICE_CASES } from "./parse-price-cases";

type TRow = { text: string | null; hint: string | null; amount: string | null; currency: string | null };

const nil = (v: string | undefined): string | null => (v === undefined || v === "-" ? null : v);

function rows(table: string): string[][] {
  return table
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => l.split("\t"));
}

const priceRows: TRow[] = rows(PRICE_CASES + EXTRA_CASES).map(([text, hint, amount, currency]) => ({
  text: nil(text),
  hint: hint === "" ? "" : nil(hint),
  amount: nil(amount),
  currency: nil(currency),
}));

describe("parsePrice: table across locales", () => {
  it.each(priceRows)("$text [hint $hint] -> $amount $currency", ({ text, hint, amount, currency }) => {
    expect(parsePrice(text, { currencyHint: hint })).toEqual({ amount, currency });
  });
});

describe("parsePrice: decimalSeparator option", () => {
  it.each(rows(DECIMAL_SEPARATOR_CASES))("%s with %s -> %s", (text, sep, amount) => {
    expect(parsePrice(text, { decimalSeparator: sep ?? null }).amount).toBe(amount);
  });
});

describe("parsePrice: robustness", () => {
  it("never throws on odd input", () => {
    const odd: unknown[] = [
      null,
      undefined,
      "",
      " ",
      "\u0000\u0001\uFFFF",
      "€".repeat(10000),
      "1".repeat(5000),
      12 as unknown,
    ];
    for (const value of odd) {
      expect(() => parsePrice(value as string)).not.toThrow();
    }
  });
  it("keeps whole-number amounts without decimals", () => {
    expect(parsePrice("12.00 €").amount).toBe("12");
    expect(parsePrice("19,90 €").amount).toBe("19.9");
  });
  it("uses the hint for the currency only, never for the amount", () => {
    expect(parsePrice("12,50", { currencyHint: "Prix 99,00 €" })).toEqual({ amount: "12.5", currency: "EUR" });
  });
  it("does not turn a lone dollar into euros", () => {
    expect(parsePrice("$12", { currencyHint: "Prix TTC" }).currency).toBe("USD");
  });
});
