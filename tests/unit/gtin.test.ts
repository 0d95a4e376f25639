import { describe, expect, it } from "vitest";
import { parseGtin } from "@/lib/products/identity/gtin";
import { IDENTITY_MSG, zCategory, zGtins, zImageUrl, zTags } from "@/lib/products/identity/schemas";

describe("parseGtin", () => {
  it.each([
    ["96385074", "00000096385074"], // GTIN-8
    ["036000291452", "00036000291452"], // GTIN-12 (UPC-A)
    ["3017620422003", "03017620422003"], // GTIN-13 (EAN-13)
    ["4006381333931", "04006381333931"],
    ["10012345678902", "10012345678902"], // GTIN-14
    ["0000000000000", "00000000000000"],
  ])("accepts %s as %s", (code, gtin) => {
    expect(parseGtin(code)).toEqual({ code, gtin });
  });

  it("drops spaces and hyphens and keeps the digits as given", () => {
    expect(parseGtin(" 3 017620 422003 ")).toEqual({ code: "3017620422003", gtin: "03017620422003" });
    expect(parseGtin("3017-6204-22003")).toEqual({ code: "3017620422003", gtin: "03017620422003" });
  });

  it.each(["3017620422004", "96385075", "036000291453", "10012345678903"])(
    "refuses the wrong check digit of %s",
    (c) => {
      expect(parseGtin(c)).toBeNull();
    },
  );

  it.each(["", "1234567", "123456789", "12345678901", "123456789012345", "30176204220O3", "3017620422003\u0000"])(
    "refuses %j (length or not digits)",
    (c) => {
      expect(parseGtin(c)).toBeNull();
    },
  );
});

describe("identity schemas", () => {
  it("reports the check digit and the shape in French, and keeps a code once whatever its length", () => {
    expect(zGtins.safeParse(["3017620422004"]).error?.issues[0]?.message).toBe(
      "Code EAN invalide (chiffre de contrôle)",
    );
    expect(zGtins.safeParse(["12345"]).error?.issues[0]?.message).toBe(IDENTITY_MSG.gtinShape);
    expect(zGtins.parse(["3017620422003", "03017620422003", "96385074"])).toEqual([
      { code: "3017620422003", gtin: "03017620422003" },
      { code: "96385074", gtin: "00000096385074" },
    ]);
  });

  it("stores a category as a ' > ' path, tags once each, and an image only over http(s)", () => {
    expect(zCategory.parse("Maison>Cuisine >  Robots ")).toBe("Maison > Cuisine > Robots");
    expect(zCategory.parse(" > ")).toBeNull();
    expect(zTags.parse([" Promo ", "promo", "", "Été"])).toEqual(["Promo", "Été"]);
    expect(zImageUrl.parse("https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
    expect(zImageUrl.safeParse("javascript:alert(1)").error?.issues[0]?.message).toBe(IDENTITY_MSG.imageUrl);
    expect(zImageUrl.safeParse("ftp://cdn.example/a.jpg").success).toBe(false);
    expect(zImageUrl.parse("")).toBeNull();
  });
});
