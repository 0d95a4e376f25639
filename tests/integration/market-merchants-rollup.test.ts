import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as merchantsRoute } from "@/app/api/insights/merchants/route";
import { getDb, queryRows } from "@/db";
import { onQuery } from "@/db/query-log";
import { priceHistory, products, productUrls } from "@/db/schema";
import { tallyLive, tallyRollup } from "@/lib/insights/get-merchants";
import { call, signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe, normalTallies as normal } from "./history-fixtures";

async function expectInStep(workspaceId: string) {
  const db = await getDb();
  for (const basis of ["price", "total"] as const) {
    const live = normal(await tallyLive(db, workspaceId, basis, null));
    expect(live.length).toBeGreaterThan(0);
    expect(normal(await tallyRollup(db, workspaceId, basis))).toEqual(live);
  }
}

describe("'Marchands' from the product_merchants rollup", () => {
  it("tallies what the live computation does, through readings, URLs moved, renamed, deleted and 'mon prix'", async () => {
    const { workspaceId } = await signUp();
    await subscribe(workspaceId, "professionnel");
    const db = await getDb();
    const at = daysAgo(0, 3);
    const casque = await seedProduct(workspaceId, "Casque", "100.00");
    const enceinte = await seedProduct(workspaceId, "Enceinte", "50.00");
    const radio = await seedProduct(workspaceId, "Radio");
    const offers = (seller: string, price: string) => [{ seller, price, buyBox: true }];
    const amazon = await seedUrl(workspaceId, casque.id, "Amazon", "https://www.amazon.fr/dp/casque");
    const market = await seedUrl(workspaceId, casque.id, "Amazon MP", "https://www.amazon.fr/gp/offer/casque");
    const darty = await seedUrl(workspaceId, enceinte.id, "Darty", "https://www.darty.com/enceinte");
    const darty2 = await seedUrl(workspaceId, enceinte.id, "Darty bis", "https://www.darty.com/enceinte-2");
    const fnac = await seedUrl(workspaceId, radio.id, "Fnac", "https://www.fnac.com/radio");
    const usd = await seedUrl(workspaceId, radio.id, "Shop US", "https://shop.example/radio");
    await seedHistory(amazon.id, [{ price: "99.00", shipping: "5.00", at }]);
    await seedHistory(market.id, [{ price: "89.00", shipping: "15.00", at, offers: offers("TechShop", "89.00") }]);
    await seedHistory(darty.id, [{ price: "52.00", at }]);
    await seedHistory(darty2.id, [{ price: null, available: false, at }]);
    await seedHistory(fnac.id, [{ price: "30.00", at }]);
    await seedHistory(usd.id, [{ price: "20.00", currency: "USD", at }]);
    await expectInStep(workspaceId);

    // a new reading: the seller changes and another URL becomes the cheapest
    await seedHistory(market.id, [{ price: "120.00", at: daysAgo(0, 1), offers: offers("  Tech   Shop ", "120.00") }]);
    await expectInStep(workspaceId);
    // a URL moved to another product, one renamed, one given another address, 'mon prix' changed
    await db.update(productUrls).set({ productId: radio.id }).where(eq(productUrls.id, darty2.id));
    await db.update(productUrls).set({ name: "Fnac Radio" }).where(eq(productUrls.id, fnac.id));
    await db.update(productUrls).set({ url: "https://www.boulanger.com/casque" }).where(eq(productUrls.id, amazon.id));
    await db.update(products).set({ referencePrice: "25.00" }).where(eq(products.id, radio.id));
    await expectInStep(workspaceId);
    // a reading deleted, a URL deleted, a product deleted
    await db.delete(priceHistory).where(eq(priceHistory.urlId, darty.id));
    await db.delete(productUrls).where(eq(productUrls.id, fnac.id));
    await db.delete(products).where(eq(products.id, casque.id));
    await expectInStep(workspaceId);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from product_merchants where product_id = ${casque.id}`,
    );
    expect(left!.n).toBe(0);
  });

  it("reads the merchant tallies, not the workspace's URLs or rows, unless retention drops a reading they count", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Bouilloire", "30.00");
    await seedHistory((await seedUrl(workspaceId, product.id, "Ikea")).id, [{ price: "29.00", at: daysAgo(1) }]);
    // beyond Freemium's retention: the rollup counts it, the merchants' table must not
    await seedHistory((await seedUrl(workspaceId, product.id, "Conforama")).id, [{ price: "19.00", at: daysAgo(60) }]);
    const statements: string[] = [];
    const stop = onQuery((q) => statements.push(q));
    try {
      const res = await call(merchantsRoute, "/api/insights/merchants", { token });
      expect(res.status, res.text).toBe(200);
      expect(res.json.merchants.map((m: { merchant: string }) => m.merchant)).toEqual(["ikea.example"]);
      expect(statements.some((q) => /from product_urls/i.test(q))).toBe(true);
      await subscribe(workspaceId, "entreprise");
      statements.length = 0;
      const all = await call(merchantsRoute, "/api/insights/merchants", { token, query: { sort: "domain" } });
      expect(all.json.merchants.map((m: { cheapest_count: number }) => m.cheapest_count)).toEqual([1, 0]);
    } finally {
      stop();
    }
    expect(statements.some((q) => /from merchant_tallies/i.test(q))).toBe(true);
    expect(statements.some((q) => /product_urls|product_merchants/i.test(q))).toBe(false);
  });
});
