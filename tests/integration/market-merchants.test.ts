import { describe, expect, it } from "vitest";
import { GET as merchantsRoute } from "@/app/api/insights/merchants/route";
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
