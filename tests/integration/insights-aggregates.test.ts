import { beforeAll, describe, expect, it } from "vitest";
import { getOverview } from "@/lib/insights/get-overview";
import { signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";

// The overview's market is aggregated in SQL: these edge cases pin it to the rules of market-rules.ts
// (currency blank or in lower case, average rounded half away from zero, ties, retention).
let workspaceId: string;
let productId: string;

beforeAll(async () => {
  ({ workspaceId } = await signUp());
  await subscribe(workspaceId, "professionnel"); // 90 days of history
  const p = await seedProduct(workspaceId, "Théière", "10.00");
  productId = p.id;
  const url = async (name: string, href: string) => (await seedUrl(workspaceId, p.id, name, href)).id;
  await seedHistory(await url("Alpha", "https://www.alpha.fr/t"), [{ price: "10.00", at: daysAgo(0, 1) }]);
  await seedHistory(await url("Beta", "https://beta.fr/t"), [{ price: "10.01", currency: "eur", at: daysAgo(0, 2) }]);
  await seedHistory(await url("Gamma", "https://gamma.fr/t"), [{ price: "10.00", currency: "", at: daysAgo(0, 3) }]);
  await seedHistory(await url("Eta", "https://eta.fr/t"), [{ price: "10.01", at: daysAgo(0, 4) }]);
  await seedHistory(await url("Delta", "https://delta.com/t"), [{ price: "9.00", currency: "USD", at: daysAgo(0, 5) }]);
  await seedHistory(await url("Epsilon", "https://epsilon.fr/t"), [{ price: null, at: daysAgo(0, 6) }]);
  // older than the plan's 90 days: no offer at all (not the cheapest, not the latest check)
  await seedHistory(await url("Zeta", "https://zeta.fr/t"), [{ price: "5.00", at: daysAgo(120) }]);
});

describe("overview aggregated in SQL", () => {
  it("compares euros whatever their spelling, rounds the average half away from zero, lists tied cheapest", async () => {
    const overview = await getOverview(workspaceId, { position: "all", sort: "name" });
    expect(overview.products).toHaveLength(1);
    // comparable: 10.00, 10.01, 10.00, 10.01 → sum 40.02 / 4 = 10.005 → 10.01
    expect(overview.products[0]).toMatchObject({
      product_id: productId,
      position: "aligned",
      market: { count: 4, min: "10.00", avg: "10.01", max: "10.01" },
      cheapest_merchants: [
        { name: "Alpha", domain: "alpha.fr" },
        { name: "Gamma", domain: "gamma.fr" },
      ],
      gap_to_cheapest: "0.00",
      gap_to_average: "-0.01",
      gap_to_average_percent: "-0.10",
      price_index: "99.90",
      out_of_stock: 1,
      other_currency: 1,
    });
    expect(new Date(overview.products[0]!.checked_at!).getTime()).toBeGreaterThan(daysAgo(0, 2).getTime());
    expect(overview.summary).toMatchObject({ products: 1, with_reference_price: 1, compared: 1, price_index: "99.90" });
  });
});
