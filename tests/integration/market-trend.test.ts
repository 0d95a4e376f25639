import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { productUrls, subscriptions } from "@/db/schema";
import { getOverview } from "@/lib/insights/get-overview";
import { purgeHistory } from "@/lib/jobs/purge-history";
import { deleteProductUrl } from "@/lib/products/urls/delete-product-url";
import { ZUpdateProduct } from "@/lib/products/schemas";
import { updateProduct } from "@/lib/products/update-product";
import { signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";
import { seedMarket } from "./insights-fixtures";

// The overview keeps each product's past market average of the day in market_trend. Each test fills it, then
// overwrites the kept averages of the product a change concerns with wrong ones: after a change that can move a
// past average, the overview must answer what price_daily alone gives (market_trend emptied).

let workspaceId: string;
let ids: Awaited<ReturnType<typeof seedMarket>>;

beforeAll(async () => {
  ({ workspaceId } = await signUp());
  await subscribe(workspaceId, "professionnel"); // 90 days of history
  ids = await seedMarket(workspaceId);
});

const trend = async (now?: Date) =>
  (await getOverview(workspaceId, { position: "all", sort: "name" }, now)).summary.trend;

async function keptRows() {
  return queryRows<{ product_id: string; days: number; avg_cents: string | null }>(
    await getDb(),
    sql`select t.product_id, t.days, t.avg_cents from market_trend t join products p on p.id = t.product_id
         where p.workspace_id = ${workspaceId} order by t.product_id, t.days`,
  );
}

/** The trend from price_daily alone. */
async function fresh(now?: Date) {
  const db = await getDb();
  await db.execute(
    sql`delete from market_trend where product_id in (select id from products where workspace_id = ${workspaceId})`,
  );
  return trend(now);
}

/** The kept averages of the product (of all the user's products by default) made wrong. */
async function tamper(productId?: string) {
  const db = await getDb();
  const which = productId
    ? sql`(${productId}::uuid)`
    : sql`(select id from products where workspace_id = ${workspaceId})`;
  await db.execute(
    sql`update market_trend set avg_cents = coalesce(avg_cents, 0) + 100000 where product_id in ${which}`,
  );
}

async function urlId(productId: string, name: string) {
  const db = await getDb();
  const [url] = await db
    .select({ id: productUrls.id })
    .from(productUrls)
    .where(and(eq(productUrls.productId, productId), eq(productUrls.name, name)));
  return url!.id;
}

describe("the market trend kept for the day (market_trend)", () => {
  it("is kept on the first read of the day, read back the same day, computed again the next day", async () => {
    const expected = await fresh();
    expect(expected.map((t) => [t.days, t.products, t.index_then])).toEqual([
      [7, 3, "93.15"],
      [30, 1, "86.96"],
    ]);
    // 4 products with 'mon prix' × 2 days (the Mixeur without a URL kept as "no average")
    expect(await keptRows()).toHaveLength(8);
    expect(await trend()).toEqual(expected);
    await tamper();
    expect(await trend()).not.toEqual(expected);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const kept = await trend(tomorrow);
    expect(kept).toEqual(await fresh(tomorrow));
  });

  it("a URL deleted from a product", async () => {
    const before = await fresh();
    await tamper(ids.a.id);
    await deleteProductUrl(workspaceId, ids.a.id, await urlId(ids.a.id, "Fnac"));
    const after = await trend();
    expect(after).toEqual(await fresh());
    expect(after[0]!.index_then).not.toBe(before[0]!.index_then);
  });

  it("a reading recorded for a past day (an import)", async () => {
    const before = await fresh();
    await tamper(ids.b.id);
    await seedHistory(await urlId(ids.b.id, "Fnac"), [{ price: "40.00", at: daysAgo(9) }]);
    const after = await trend();
    expect(after).toEqual(await fresh());
    expect(after[0]!.index_then).not.toBe(before[0]!.index_then);
  });

  it("the retention purge", async () => {
    await seedHistory(await urlId(ids.c.id, "Darty"), [{ price: "1.00", at: daysAgo(100) }]);
    await fresh();
    await tamper(ids.c.id);
    const { history } = await purgeHistory();
    expect(history).toBeGreaterThan(0);
    expect(await trend()).toEqual(await fresh());
  });

  it("'mon prix' changed or removed, a new product", async () => {
    const before = await fresh();
    await updateProduct(workspaceId, ids.b.id, ZUpdateProduct.parse({ name: "Grille-pain", reference_price: "60.00" }));
    await updateProduct(workspaceId, ids.c.id, ZUpdateProduct.parse({ name: "Bouilloire", reference_price: null }));
    const p = await seedProduct(workspaceId, "Plancha", "70.00");
    await seedHistory((await seedUrl(workspaceId, p.id, "Fnac", "https://www.fnac.com/p")).id, [
      { price: "75.00", at: daysAgo(10) },
      { price: "72.00", at: daysAgo(0, 1) },
    ]);
    const after = await trend();
    expect(after).toEqual(await fresh());
    expect(after[0]!.products).toBe(before[0]!.products);
    expect(after[0]!.index_then).not.toBe(before[0]!.index_then);
  });

  it("a shorter retention (a lapsed subscription): readings older than it no longer count", async () => {
    const before = await fresh();
    expect(before[1]!.products).toBe(1);
    const db = await getDb();
    await db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.workspaceId, workspaceId));
    const after = await trend();
    expect(after).toEqual(await fresh());
    expect(after[1]!.products).toBe(0);
    await subscribe(workspaceId, "professionnel");
    expect(await trend()).toEqual(before);
  });
});
