import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { products, productUrls, subscriptions } from "@/db/schema";
import { buildTrendDay, foldMarketTallies } from "@/lib/insights";
import { getOverview } from "@/lib/insights/get-overview";
import { marketRows } from "@/lib/insights/load-positions";
import { keptTrend, liveTrend, parisDay, TREND_DAYS } from "@/lib/insights/load-trend";
import { purgeHistory } from "@/lib/jobs/purge-history";
import { deleteProductUrl } from "@/lib/products/urls/delete-product-url";
import { ZUpdateProduct } from "@/lib/products/schemas";
import { updateProduct } from "@/lib/products/update-product";
import { signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";
import { seedMarket } from "./insights-fixtures";

// The trend tallies (lib/insights/rollups.md) against the per-request computation (load-trend.ts liveTrend, read
// second: it computes the rows it finds missing, which would mend the tallies), after every kind of change.

async function tenant() {
  const { workspaceId } = await signUp();
  await subscribe(workspaceId, "professionnel"); // 90 days of history: a retention cutoff
  const ids = await seedMarket(workspaceId);
  await buildTrendDay(workspaceId, new Date());
  return { workspaceId, ids };
}

async function both(workspaceId: string, now = new Date()) {
  const source = await marketRows(workspaceId, "price");
  const kept = await keptTrend(source.db, workspaceId, source.cutoff, TREND_DAYS, parisDay(now));
  const live = await liveTrend(source, workspaceId, TREND_DAYS, parisDay(now));
  return { kept, live };
}

async function expectKept(workspaceId: string, now?: Date) {
  const { kept, live } = await both(workspaceId, now);
  expect(kept).not.toBeNull();
  expect(kept).toEqual(live);
  return live;
}

async function pending(workspaceId: string) {
  const [row] = await queryRows<{ n: number }>(
    await getDb(),
    sql`select count(*)::int as n from trend_tally_deltas where workspace_id = ${workspaceId}`,
  );
  return row!.n;
}

const fold = async () => (await getDb()).transaction((tx) => foldMarketTallies(tx));

async function urlId(productId: string, name: string) {
  const db = await getDb();
  const [url] = await db
    .select({ id: productUrls.id })
    .from(productUrls)
    .where(and(eq(productUrls.productId, productId), eq(productUrls.name, name)));
  return url!.id;
}

/** Every change a trigger follows, one after the other, on a tenant whose day is complete. */
async function changes(
  workspaceId: string,
  ids: Awaited<ReturnType<typeof seedMarket>>,
  check: (step: string) => Promise<unknown> = async () => undefined,
) {
  const db = await getDb();
  // readings: the market now moves (product_market)
  await seedHistory(await urlId(ids.a.id, "Fnac"), [{ price: "91.00", at: daysAgo(0, 0.5) }]);
  await check("reading");
  // 'mon prix' changed, removed, and set on a product with a past
  await updateProduct(workspaceId, ids.b.id, ZUpdateProduct.parse({ name: "Grille-pain", reference_price: "60.00" }));
  await updateProduct(workspaceId, ids.c.id, ZUpdateProduct.parse({ name: "Bouilloire", reference_price: null }));
  await check("mon prix");
  await seedHistory(await urlId(ids.e.id, "Fnac"), [{ price: "58.00", at: daysAgo(9) }]);
  await updateProduct(workspaceId, ids.e.id, ZUpdateProduct.parse({ name: "Robot", reference_price: "65.00" }));
  await check("priced");
  // a new product, then its readings of past days (an import)
  const p = await seedProduct(workspaceId, "Plancha", "70.00");
  await seedHistory((await seedUrl(workspaceId, p.id, "Fnac", "https://www.fnac.com/p")).id, [
    { price: "75.00", at: daysAgo(10) },
    { price: "72.00", at: daysAgo(0, 1) },
  ]);
  await check("new product");
  // a URL leaves a product; a product is deleted
  await deleteProductUrl(workspaceId, ids.a.id, await urlId(ids.a.id, "Darty"));
  await check("URL deleted");
  await db.delete(products).where(eq(products.id, ids.b.id));
  await check("product deleted");
}

describe("the trend tallies", () => {
  let workspaceId: string;
  let ids: Awaited<ReturnType<typeof seedMarket>>;

  beforeAll(async () => {
    ({ workspaceId, ids } = await tenant());
  });

  it("answer once the day is built, pending and folded, as the per-request computation", async () => {
    expect(await pending(workspaceId)).toBeGreaterThan(0);
    const live = await expectKept(workspaceId);
    expect(live.map((t) => [t.days, t.products])).toEqual([
      [7, 3],
      [30, 1],
    ]);
    await fold();
    expect(await pending(workspaceId)).toBe(0);
    expect(await expectKept(workspaceId)).toEqual(live);
    const overview = await getOverview(workspaceId, { position: "all", sort: "name", limit: 0 });
    expect(overview.summary.trend.map((t) => [t.days, t.products, t.index_then])).toEqual([
      [7, 3, "93.15"],
      [30, 1, "86.96"],
    ]);
  });

  it("follow readings, 'mon prix', products added and deleted, a URL deleted, a past day's reading", async () => {
    const before = await expectKept(workspaceId);
    await changes(workspaceId, ids, async (step) => {
      const { kept, live } = await both(workspaceId);
      expect({ step, kept }).toEqual({ step, kept: live });
    });
    expect(await pending(workspaceId)).toBeGreaterThan(0);
    const after = await expectKept(workspaceId);
    expect(after).not.toEqual(before);
    await fold();
    expect(await expectKept(workspaceId)).toEqual(after);
  });

  it("the retention purge, a shorter then a longer retention", async () => {
    await seedHistory(await urlId(ids.c.id, "Darty"), [{ price: "1.00", at: daysAgo(100) }]);
    await updateProduct(workspaceId, ids.c.id, ZUpdateProduct.parse({ name: "Bouilloire", reference_price: "20.00" }));
    await expectKept(workspaceId);
    expect((await purgeHistory()).history).toBeGreaterThan(0);
    const full = await expectKept(workspaceId);
    const db = await getDb();
    await db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.workspaceId, workspaceId));
    const short = await expectKept(workspaceId);
    expect(short[1]!.products).toBeLessThan(full[1]!.products);
    await subscribe(workspaceId, "professionnel");
    expect(await expectKept(workspaceId)).toEqual(full);
  });

  it("at the day's change: per request until the job has built the new day, then kept", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    const { kept, live } = await both(workspaceId, tomorrow);
    expect(kept).toBeNull();
    const overview = await getOverview(workspaceId, { position: "all", sort: "name", limit: 0 }, tomorrow);
    expect(overview.summary.trend.map((t) => t.products)).toEqual(live.map((t) => t.products));
    await buildTrendDay(workspaceId, tomorrow);
    expect(await expectKept(workspaceId, tomorrow)).toEqual(live);
    // today's rows left for tomorrow: today is no longer complete
    expect((await both(workspaceId)).kept).toBeNull();
  });
});

describe("each trigger of the trend tallies", () => {
  // without any one of them, the same changes leave the tallies off the per-request computation
  const triggers = [
    ["market_trend", "trend_tallies_trend_insert"],
    ["market_trend", "trend_tallies_trend_update"],
    ["market_trend", "trend_tallies_trend_delete"],
    ["product_market", "trend_tallies_market_insert"],
    ["product_market", "trend_tallies_market_update"],
    ["products", "market_trend_product_delete"],
  ] as const;

  it.each(triggers)("%s %s", async (table, trigger) => {
    const db = await getDb();
    const { workspaceId, ids } = await tenant();
    await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
    try {
      await changes(workspaceId, ids);
      const { kept, live } = await both(workspaceId);
      expect(kept).not.toEqual(live);
    } finally {
      await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
    }
  });
});
