import { daysAgo, seedHistory, seedProduct, seedUrl } from "./history-fixtures";

/**
 * A small catalogue whose market view is computed by hand in insights.test.ts (all readings in euros but one):
 * A Cafetière (mon prix 100.00): Fnac 110 (35 d) → 100 (8 d) → 95 (2 d); Darty 120 (35 d) → 105 (8 d) → 99 (12 h);
 *   Boulanger 90 (3 d) → out of stock (2 h); Amazon UK 80 GBP (25 h).
 * B Grille-pain (50.00): Fnac 52 (10 d) → 50.40 (1 h); Darty 55 (10 d) → 55 (3 h).
 * C Bouilloire (20.00): Darty 25 (20 d); Cdiscount 28 (20 d) → 30 (2 h).
 * D Mixeur (40.00): no URL.  E Robot (no mon prix): Fnac out of stock (5 d) → 60 (6 h).
 */
export async function seedMarket(workspaceId: string) {
  const a = await seedProduct(workspaceId, "Cafetière", "100.00");
  const b = await seedProduct(workspaceId, "Grille-pain", "50.00");
  const c = await seedProduct(workspaceId, "Bouilloire", "20.00");
  const d = await seedProduct(workspaceId, "Mixeur", "40.00");
  const e = await seedProduct(workspaceId, "Robot", null);
  const url = async (productId: string, name: string, href: string) =>
    (await seedUrl(workspaceId, productId, name, href)).id;

  await seedHistory(await url(a.id, "Fnac", "https://www.fnac.com/a"), [
    { price: "110.00", at: daysAgo(35) },
    { price: "100.00", at: daysAgo(8) },
    { price: "95.00", at: daysAgo(2) },
  ]);
  await seedHistory(await url(a.id, "Darty", "https://www.darty.com/a"), [
    { price: "120.00", at: daysAgo(35) },
    { price: "105.00", at: daysAgo(8) },
    { price: "99.00", at: daysAgo(0, 12) },
  ]);
  await seedHistory(await url(a.id, "Boulanger", "https://www.boulanger.com/a"), [
    { price: "90.00", at: daysAgo(3) },
    { price: null, available: false, at: daysAgo(0, 2) },
  ]);
  await seedHistory(await url(a.id, "Amazon UK", "https://www.amazon.co.uk/a"), [
    { price: "80.00", currency: "GBP", at: daysAgo(1, 1) },
  ]);
  await seedHistory(await url(b.id, "Fnac", "https://www.fnac.com/b"), [
    { price: "52.00", at: daysAgo(10) },
    { price: "50.40", at: daysAgo(0, 1) },
  ]);
  await seedHistory(await url(b.id, "Darty", "https://darty.com/b"), [
    { price: "55.00", at: daysAgo(10) },
    { price: "55.00", at: daysAgo(0, 3) },
  ]);
  await seedHistory(await url(c.id, "Darty", "https://www.darty.com/c"), [{ price: "25.00", at: daysAgo(20) }]);
  await seedHistory(await url(c.id, "Cdiscount", "https://www.cdiscount.com/c"), [
    { price: "28.00", at: daysAgo(20) },
    { price: "30.00", at: daysAgo(0, 2) },
  ]);
  await seedHistory(await url(e.id, "Fnac", "https://www.fnac.com/e"), [
    { price: null, available: false, at: daysAgo(5) },
    { price: "60.00", at: daysAgo(0, 6) },
  ]);
  return { a, b, c, d, e };
}
