import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { priceHistory, products, productUrls } from "@/db/schema";
import { getOverview } from "@/lib/insights/get-overview";
import { signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";

// product_market is kept by product_urls' triggers: after every kind of write it must equal what a recomputation
// from scratch gives (product_market_refresh over the whole catalogue, rolled back), and the overview read from it
// must show the new market.

type TRow = Record<string, unknown>;
const COLUMNS = sql.raw(`product_id, basis, n, min_cents, sum_cents, max_cents, price_sum_cents, shipping_unknown,
  cheapest, out_of_stock, other_currency, checked_at, oldest_at, my_cents, name_key, gap_bp, avg_gap_bp, index_bp,
  position_rank`);
let workspaceId: string;

async function rollup(): Promise<TRow[]> {
  const db = await getDb();
  return queryRows<TRow>(
    db,
    sql`select ${COLUMNS} from product_market where workspace_id = ${workspaceId} order by product_id, basis`,
  );
}

/** The rows a recomputation of every product of the workspace gives, without keeping it. */
async function recomputed(): Promise<TRow[]> {
  const db = await getDb();
  let rows: TRow[] = [];
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from product_market where workspace_id = ${workspaceId}`);
      await tx.execute(
        sql`select product_market_refresh(array(select id from products where workspace_id = ${workspaceId}))`,
      );
      rows = await queryRows<TRow>(
        tx,
        sql`select ${COLUMNS} from product_market where workspace_id = ${workspaceId} order by product_id, basis`,
      );
      throw new Error("rollback");
    })
    .catch((e: Error) => {
      if (e.message !== "rollback") throw e;
    });
  return rows;
}

async function line(name: string) {
  const overview = await getOverview(workspaceId, { position: "all", sort: "name" });
  return overview.products.find((l) => l.name === name);
}

async function expectConsistent() {
  const kept = await rollup();
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(await recomputed());
}

let cafetiere: string;
let fnac: string;
let darty: string;

beforeAll(async () => {
  ({ workspaceId } = await signUp());
  await subscribe(workspaceId, "professionnel");
  cafetiere = (await seedProduct(workspaceId, "Cafetière", "100.00")).id;
  fnac = (await seedUrl(workspaceId, cafetiere, "Fnac", "https://www.fnac.com/a")).id;
  darty = (await seedUrl(workspaceId, cafetiere, "Darty", "https://www.darty.com/a")).id;
  await seedHistory(fnac, [{ price: "110.00", at: daysAgo(3) }]);
  await seedHistory(darty, [{ price: "120.00", at: daysAgo(2) }]);
});

describe("product_market rollup", () => {
  it("follows new readings: the market moves with each URL's latest reading", async () => {
    await expectConsistent();
    expect(await line("Cafetière")).toMatchObject({ market: { count: 2, min: "110.00", avg: "115.00" } });
    await seedHistory(fnac, [{ price: "95.00", at: daysAgo(0, 1) }]);
    await expectConsistent();
    expect(await line("Cafetière")).toMatchObject({
      market: { count: 2, min: "95.00", avg: "107.50", max: "120.00" },
      cheapest_merchants: [{ name: "Fnac", domain: "fnac.com" }],
    });
    // an older reading arriving late is not the latest: nothing moves
    await seedHistory(darty, [{ price: "10.00", at: daysAgo(5) }]);
    await expectConsistent();
    expect(await line("Cafetière")).toMatchObject({ market: { min: "95.00", max: "120.00" } });
  });

  it("a correction replaces the wrong value; deleting the latest reading falls back to the one before", async () => {
    const db = await getDb();
    const [wrong] = await db
      .insert(priceHistory)
      .values({ urlId: darty, price: "12.99", currency: "EUR", available: true, createdAt: daysAgo(0, 1) })
      .returning();
    await expectConsistent();
    expect(await line("Cafetière")).toMatchObject({ market: { min: "12.99" } });
    const [fix] = await db
      .insert(priceHistory)
      .values({ urlId: darty, price: "119.00", currency: "EUR", available: true, kind: "correction" })
      .returning();
    await db.update(priceHistory).set({ correctedBy: fix!.id }).where(eq(priceHistory.id, wrong!.id));
    await expectConsistent();
    expect(await line("Cafetière")).toMatchObject({ market: { min: "95.00", max: "119.00" } });
    await db.delete(priceHistory).where(eq(priceHistory.id, fix!.id));
    await db.delete(priceHistory).where(eq(priceHistory.id, wrong!.id));
    await expectConsistent();
    expect(await line("Cafetière")).toMatchObject({ market: { max: "120.00" } });
  });

  it("out of stock, other currencies, a new URL, a paused URL, a moved URL, a deleted URL", async () => {
    const db = await getDb();
    const boulanger = (await seedUrl(workspaceId, cafetiere, "Boulanger", "https://www.boulanger.com/a")).id;
    await expectConsistent();
    await seedHistory(boulanger, [{ price: null, available: false, at: daysAgo(0, 2) }]);
    const uk = (await seedUrl(workspaceId, cafetiere, "Amazon UK", "https://www.amazon.co.uk/a")).id;
    await seedHistory(uk, [{ price: "80.00", currency: "GBP", at: daysAgo(0, 2) }]);
    await expectConsistent();
    expect(await line("Cafetière")).toMatchObject({ market: { count: 2 }, out_of_stock: 1, other_currency: 1 });
    // pausing stops the scrapes, not the market of what was read
    await db.update(productUrls).set({ paused: true }).where(eq(productUrls.id, fnac));
    await expectConsistent();
    expect(await line("Cafetière")).toMatchObject({ market: { min: "95.00" } });
    const other = (await seedProduct(workspaceId, "Grille-pain", "50.00")).id;
    await db.update(productUrls).set({ productId: other }).where(eq(productUrls.id, fnac));
    await expectConsistent();
    expect(await line("Cafetière")).toMatchObject({ market: { count: 1, min: "120.00" } });
    expect(await line("Grille-pain")).toMatchObject({ market: { count: 1, min: "95.00" }, position: "cheapest" });
    await db.delete(productUrls).where(eq(productUrls.id, darty));
    await expectConsistent();
    expect(await line("Cafetière")).toMatchObject({ market: { count: 0, min: null }, position: "no_market" });
  });

  it("a deleted product takes its rows with it; status updates of the scheduler recompute nothing", async () => {
    const db = await getDb();
    const before = await rollup();
    await db
      .update(productUrls)
      .set({ lastStatus: "error", lastCheckedAt: new Date() })
      .where(eq(productUrls.workspaceId, workspaceId));
    expect(await rollup()).toEqual(before);
    const doomed = await seedProduct(workspaceId, "Robot", "60.00");
    const url = (await seedUrl(workspaceId, doomed.id, "Fnac", "https://www.fnac.com/r")).id;
    await seedHistory(url, [{ price: "59.00", at: daysAgo(0, 1) }]);
    expect((await rollup()).filter((r) => r.product_id === doomed.id)).toHaveLength(2);
    await db.delete(products).where(eq(products.id, doomed.id));
    expect((await rollup()).filter((r) => r.product_id === doomed.id)).toEqual([]);
    await expectConsistent();
  });

  it("a product's creation, renaming and 'mon prix' refresh its rows and sort keys; other updates leave them", async () => {
    const db = await getDb();
    const bare = (await seedProduct(workspaceId, "Bouilloire")).id;
    // bigint columns: numbers from PGlite, strings from postgres.js
    const num = (v: unknown) => (v === null ? null : Number(v));
    const rows = async () =>
      (await rollup())
        .filter((r) => r.product_id === bare && r.basis === "price")
        .map((r) => ({
          ...r,
          my_cents: num(r.my_cents),
          gap_bp: num(r.gap_bp),
          avg_gap_bp: num(r.avg_gap_bp),
          index_bp: num(r.index_bp),
        }));
    // a product without URLs nor 'mon prix' has its rows (no market), outside the lines
    expect(await rows()).toMatchObject([{ n: 0, my_cents: null, name_key: "bouilloire", position_rank: null }]);
    await db
      .update(products)
      .set({ name: "Bouilloire Électrique", referencePrice: "40.00" })
      .where(eq(products.id, bare));
    expect(await rows()).toMatchObject([{ my_cents: 4000, name_key: "bouilloire electrique", position_rank: 3 }]);
    const url = (await seedUrl(workspaceId, bare, "Fnac", "https://www.fnac.com/b")).id;
    await seedHistory(url, [{ price: "50.00", at: daysAgo(0, 1) }]);
    // (40 − 50) / 50 = −20 %; against the average the same; index 80 %
    expect(await rows()).toMatchObject([{ gap_bp: -2000, avg_gap_bp: -2000, index_bp: 8000, position_rank: 0 }]);
    await db.update(products).set({ referencePrice: "50.40" }).where(eq(products.id, bare));
    expect(await rows()).toMatchObject([{ gap_bp: 80, position_rank: 1 }]);
    const before = await rollup();
    await db.update(products).set({ description: "1,7 l" }).where(eq(products.id, bare));
    expect(await rollup()).toEqual(before);
    await db.update(products).set({ referencePrice: "0.00" }).where(eq(products.id, bare));
    expect(await rows()).toMatchObject([{ my_cents: null, gap_bp: null, position_rank: null }]);
    await expectConsistent();
  });

  it("a batch over 64 rows (its trigger statements planned at that firing) keeps every rollup, as one reading does", async () => {
    const db = await getDb();
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) => seedProduct(workspaceId, `Lot ${String(i).padStart(2, "0")}`, "30.00")),
    );
    const urls = await db
      .insert(productUrls)
      .values(
        ids.flatMap((p, i) => [
          { workspaceId, productId: p.id, name: "Fnac", url: `https://www.fnac.com/lot-${i}` },
          { workspaceId, productId: p.id, name: "Darty", url: `https://www.darty.com/lot-${i}` },
        ]),
      )
      .returning();
    // 80 URLs × 2 readings in one statement: the later one of each URL is its latest, the lower one its day's min
    const price = (i: number, late: boolean) => `${20 + (i % 7) + (late ? 5 : 0)}.00`;
    await db.insert(priceHistory).values(
      urls.flatMap((u, i) => [
        { urlId: u.id, price: price(i, false), currency: "EUR", available: true, createdAt: daysAgo(0, 3) },
        { urlId: u.id, price: price(i, true), currency: "EUR", available: true, createdAt: daysAgo(0, 2) },
      ]),
    );
    await expectConsistent();
    const latest = await queryRows<{ id: string; latest_price: string; min_price: string; readings: number }>(
      db,
      sql`select u.id, u.latest_price::text, d.min_price::text, d.readings from product_urls u
            join price_daily d on d.url_id = u.id where u.id in ${urls.map((u) => u.id)}`,
    );
    expect(latest).toHaveLength(80);
    for (const row of latest) {
      const i = urls.findIndex((u) => u.id === row.id);
      expect([Number(row.latest_price), Number(row.min_price), Number(row.readings)]).toEqual([
        Number(price(i, true)),
        Number(price(i, false)),
        2,
      ]);
    }
    // 80 URLs paused, then one reading on the same connection: both paths of the triggers, the same rollups
    await db.update(productUrls).set({ paused: true }).where(eq(productUrls.workspaceId, workspaceId));
    await seedHistory(urls[0]!.id, [{ price: "1.00", at: daysAgo(0, 1) }]);
    await expectConsistent();
    expect(await line("Lot 00")).toMatchObject({ market: { min: "1.00" } });
  });

  it("past the retention, a reading the rollup counts is left out: the overview computes that market live", async () => {
    const db = await getDb();
    const old = (await seedProduct(workspaceId, "Mixeur", "40.00")).id;
    const stale = (await seedUrl(workspaceId, old, "Darty", "https://www.darty.com/m")).id;
    const fresh = (await seedUrl(workspaceId, old, "Fnac", "https://www.fnac.com/m")).id;
    await seedHistory(stale, [{ price: "30.00", at: daysAgo(100) }]); // professionnel: 90 days
    await seedHistory(fresh, [{ price: "45.00", at: daysAgo(1) }]);
    const [kept] = await queryRows<{ n: number }>(
      db,
      sql`select n from product_market where product_id = ${old} and basis = 'price'`,
    );
    expect(kept!.n).toBe(2);
    expect(await line("Mixeur")).toMatchObject({ market: { count: 1, min: "45.00" }, position: "cheapest" });
  });
});
