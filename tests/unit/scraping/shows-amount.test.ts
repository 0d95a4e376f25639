import { describe, expect, it } from "vitest";
import { QUICK_CURRENCY, showsAmount } from "@/lib/scraping/extract/shows-amount";

describe("showsAmount", () => {
  const cases: Array<[string, boolean]> = [
    ["129,99 EUR", true],
    ["129,99EUR", true],
    ["129,99 EURO", false],
    ["Catégorie 12", false],
    ["12 Kč", true],
    ["12 Kčs", false],
    ["12 zł", true],
    ["×EUR 12", false],
    ["ÀEUR 12", false],
    ["ſEUR 12", true],
    ["12 tk.", true],
    ["(123)", false],
    ["Article 12 avec un nom", false],
    ["12 р.", true],
    ["12 руб", true],
    ["$12", true],
    ["€ 12", true],
    ["12 円", true],
    ["EUR", false],
    ["12 eur", false],
    ["12 Fr.", true],
    ["12 Frs", false],
  ];

  it("answers as a digit and QUICK_CURRENCY do", () => {
    expect(cases.map(([text]) => showsAmount(text))).toEqual(cases.map(([, shows]) => shows));
    expect(cases.map(([text]) => /\d/.test(text) && QUICK_CURRENCY.test(text))).toEqual(
      cases.map(([, shows]) => shows),
    );
  });
});
