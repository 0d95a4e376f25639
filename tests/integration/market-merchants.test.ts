import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as merchantsRoute } from "@/app/api/insights/merchants/route";
import { getDb, queryRows } from "@/db";
import { sellerOf } from "@/lib/history";
import { call, signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";

describe("'Marchands': a merchant is its source's identity, not only its host", () => {
  it("tells a marketplace seller from the retailer on one host; a name repeating the domain is the domain", async () => {
    const { token, workspaceId } = await signUp();
    await subscribe(workspaceId, "professionnel");
    const casque = await seedProduct(workspaceId, "Casque", "100.00");
    const enceinte = await seedProduct(workspaceId, "Enceinte", "50.00");
    const at = daysAgo(0, 2);
    const add = async (productId: string, name: string, url: string, price: string) =>
      seedHistory((await seedUrl(workspaceId, productId, name, url)).id, [{ price, at }]);
    await add(casque.id, "Amazon", "https://www.amazon.fr/dp/casque", "99.00");
    await add(casque.id, "TechShop (Marketplace Amazon)", "https://www.amazon.fr/gp/offer/casque", "89.00");
    await add(enceinte.id, "amazon.fr", "https://amazon.fr/dp/enceinte", "48.00");
    await add(enceinte.id, "Darty", "https://www.darty.com/enceinte", "52.00");

    const res = await call(merchantsRoute, "/api/insights/merchants", { token, query: { sort: "domain" } });
    expect(res.status, res.text).toBe(200);
    const lines = res.json.merchants.map((m: Record<string, unknown>) => [m.merchant, m.domain, m.products]);
    expect(lines).toEqual([
      ["amazon.fr", "amazon.fr", 2],
      ["TechShop (Marketplace Amazon)", "amazon.fr", 1],
      ["darty.com", "darty.com", 1],
    ]);
    const byName = Object.fromEntries(res.json.merchants.map((m: { merchant: string }) => [m.merchant, m]));
    // the seller is the cheapest on the headphones, the retailer on the speaker
    expect(byName["TechShop (Marketplace Amazon)"]).toMatchObject({ cheapest_count: 1, average_gap: "-11.00" });
    expect(byName["amazon.fr"]).toMatchObject({
      names: ["Amazon", "amazon.fr"],
      cheapest_count: 1,
      priced_products: 2,
    });
  });
});

describe("'Marchands' on a marketplace: one merchant per seller; the 'total' basis adds the shipping", () => {
  it("keys a marketplace's merchants by the seller of the offer read; ranks the cheapest on the basis", async () => {
    const { token, workspaceId } = await signUp();
    await subscribe(workspaceId, "professionnel");
    const at = daysAgo(0, 2);
    const offers = (buyBox: string, price: string) => [
      { seller: buyBox, price, buyBox: true, condition: "new" },
      { seller: "Autre vendeur", price: "999.00", buyBox: false, condition: "new" },
    ];
    const add = async (productId: string, name: string, url: string, reading: Parameters<typeof seedHistory>[1][0]) =>
      seedHistory((await seedUrl(workspaceId, productId, name, url)).id, [reading]);
    const casque = await seedProduct(workspaceId, "Casque", "100.00");
    const enceinte = await seedProduct(workspaceId, "Enceinte", "50.00");
    await add(casque.id, "Amazon", "https://www.amazon.fr/dp/casque", {
      price: "89.00",
      shipping: "15.00",
      at,
      offers: offers("TechShop", "89.00"),
    });
    await add(casque.id, "Darty", "https://www.darty.com/casque", { price: "95.00", shipping: "0.00", at });
    await add(enceinte.id, "Amazon", "https://www.amazon.fr/dp/enceinte", {
      price: "48.00",
      at,
      offers: offers("  megastore ", "48.00"),
    });
    await add(enceinte.id, "Amazon bis", "https://www.amazon.fr/gp/offer/enceinte", {
      price: "49.00",
      at,
      offers: offers("MegaStore", "49.00"),
    });

    const get = async (basis?: string) => {
      const res = await call(merchantsRoute, "/api/insights/merchants", {
        token,
        query: basis ? { sort: "domain", basis } : { sort: "domain" },
      });
      expect(res.status, res.text).toBe(200);
      return res.json as { basis: string; merchants: Record<string, unknown>[] };
    };
    const price = await get();
    expect(price.basis).toBe("price");
    expect(price.merchants.map((m) => [m.merchant, m.domain, m.seller, m.urls, m.cheapest_count])).toEqual([
      ["MegaStore", "amazon.fr", "MegaStore", 2, 1],
      ["TechShop", "amazon.fr", "TechShop", 1, 1],
      ["darty.com", "darty.com", null, 1, 0],
    ]);
    // 89 € + 15 € of shipping against 95 € delivered free: Darty is the cheapest on the total
    const total = await get("total");
    expect(total.basis).toBe("total");
    const byName = Object.fromEntries(total.merchants.map((m) => [m.merchant, m]));
    expect(byName.TechShop).toMatchObject({ cheapest_count: 0, average_gap: "4.00" });
    expect(byName["darty.com"]).toMatchObject({ cheapest_count: 1, average_gap: "-5.00" });
  });
});

describe("reading_seller, the SQL twin of sellerOf", () => {
  it("picks the same seller as sellerOf: the buy-box at the price, else a new offer, else the first", async () => {
    const o = (seller: unknown, price: unknown, extra: Record<string, unknown> = {}) => ({ seller, price, ...extra });
    const cases: [unknown, string | null][] = [
      [[o("A", "10.00"), o("B", "10.00", { buyBox: true })], "10.00"],
      [[o("U", "10.00", { condition: "used" }), o("N", "10.00", { condition: "new" })], "10.00"],
      [[o("R", "10.00", { condition: "refurbished" }), o("U", "10.00", { condition: "used" })], "10.00"],
      [[o("A", "9.00"), o("B", "11.00")], "10.00"],
      [[o("T", " 10.009 ")], "10.00"],
      [[o("N", 10)], "10.00"],
      [[o(42, "10.00", { buyBox: true }), o("B", "10.00")], "10.00"],
      [[o("A", "abc"), "x", null, o("B", "10.00")], "10.00"],
      [{ seller: "A", price: "10.00" }, "10.00"],
      [[o("A", "10.00")], null],
      [null, "10.00"],
    ];
    const db = await getDb();
    for (const [offers, price] of cases) {
      const [row] = await queryRows<{ seller: string | null }>(
        db,
        sql`select reading_seller(${offers === null ? null : JSON.stringify(offers)}::jsonb, ${price}::numeric) as seller`,
      );
      expect([offers, row!.seller]).toEqual([offers, sellerOf(offers, price)]);
    }
  });
});
