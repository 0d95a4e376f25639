import { sql } from "drizzle-orm";
import { getDb } from "@/db";
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

/**
 * A catalogue whose changes are kept (lib/insights/change-snapshots.ts): `products` × 5 URLs read two days ago, and
 * merchant 1 of each product read again two hours ago at another price (out of stock for about one in ten): every
 * product moved, so a day's computation reads all its URLs (420 products: 2,100 ≥ SNAPSHOT_FROM_URLS).
 */
export async function seedMovedCatalogue(workspaceId: string, products: number) {
  const db = await getDb();
  await db.execute(sql`
    insert into products (workspace_id, name, reference_price)
    select ${workspaceId}::uuid, 'Produit ' || g, 50 from generate_series(1, ${products}) g`);
  await db.execute(sql`
    insert into product_urls (product_id, workspace_id, name, url)
    select p.id, p.workspace_id, 'Marchand ' || m, 'https://m' || m || '.example/' || p.id
      from products p cross join generate_series(1, 5) m where p.workspace_id = ${workspaceId}`);
  await db.execute(sql`
    insert into price_history (url_id, price, currency, available, created_at)
    select u.id, 40 + (abs(hashtext(u.id::text)) % 20), 'EUR', true, now() - interval '2 days'
      from product_urls u where u.workspace_id = ${workspaceId}`);
  await db.execute(sql`
    insert into price_history (url_id, price, currency, available, created_at)
    select u.id, 30 + (abs(hashtext(u.url)) % 40), 'EUR', (abs(hashtext(u.url)) % 10) <> 0, now() - interval '2 hours'
      from product_urls u where u.workspace_id = ${workspaceId} and u.name = 'Marchand 1'`);
}
