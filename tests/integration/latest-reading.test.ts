import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { priceHistory, productUrls, products } from "@/db/schema";
import { getLatestReadings } from "@/lib/history/get-latest-readings";
import { purgeHistory } from "@/lib/jobs/purge-history";
import { listProducts } from "@/lib/products/list-products";
import { signUp } from "../helpers/api";

let workspaceId: string;
let productId: string;
let urlId: string;

const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

async function latestColumns() {
  const db = await getDb();
  const [row] = await db
    .select({
      id: productUrls.latestReadingId,
      price: productUrls.latestPrice,
      currency: productUrls.latestCurrency,
      available: productUrls.latestAvailable,
      regular: productUrls.latestRegularPrice,
      at: productUrls.latestAt,
    })
    .from(productUrls)
    .where(eq(productUrls.id, urlId));
  return row!;
}

async function newestReadingId() {
  const db = await getDb();
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from price_history where url_id = ${urlId} order by created_at desc, id desc limit 1`,
  );
  return row ? Number(row.id) : null;
}

beforeEach(async () => {
  const db = await getDb();
  ({ workspaceId } = await signUp());
  const [p] = await db.insert(products).values({ workspaceId, name: "Casque" }).returning();
  productId = p!.id;
  const [u] = await db
    .insert(productUrls)
    .values({ productId, workspaceId, name: "M", url: "https://m.example/" })
    .returning();
  urlId = u!.id;
});

describe("product_urls.latest_* (the latest reading kept in the inserting transaction)", () => {
  it("follows inserts in any order, ties broken by id, and feeds the products list", async () => {
    const db = await getDb();
    expect((await latestColumns()).id).toBeNull();
    await db.insert(priceHistory).values([
      { urlId, price: "30.00", currency: "EUR", available: true, createdAt: ago(3) },
      { urlId, price: "20.00", currency: "EUR", available: true, regularPrice: "25.00", createdAt: ago(1) },
      { urlId, price: "10.00", currency: "EUR", available: true, createdAt: ago(2) },
    ]);
    let latest = await latestColumns();
    expect(latest).toMatchObject({ price: "20.00", currency: "EUR", available: true, regular: "25.00" });
    expect(latest.id).toBe(await newestReadingId());
    // an older reading inserted afterwards does not replace it
    await db.insert(priceHistory).values({ urlId, price: "5.00", currency: "EUR", available: true, createdAt: ago(5) });
    expect((await latestColumns()).price).toBe("20.00");
    // same instant: the higher id wins, as in "order by created_at desc, id desc"
    const at = latest.at!;
    await db.insert(priceHistory).values({ urlId, price: "19.00", currency: "EUR", available: false, createdAt: at });
    latest = await latestColumns();
    expect(latest).toMatchObject({ price: "19.00", available: false });
    expect(latest.id).toBe(await newestReadingId());
    // unavailable latest: no lowest price
    expect((await listProducts(workspaceId))[0]).toMatchObject({ id: productId, url_count: 1, lowest_price: null });
    await db.insert(priceHistory).values({ urlId, price: "18.50", currency: "EUR", available: true });
    expect((await listProducts(workspaceId))[0]).toMatchObject({
      url_count: 1,
      lowest_price: "18.50",
      uncertain_count: 0,
    });
  });

  it("hides a latest reading older than the retention cutoff, as the history query does", async () => {
    const db = await getDb();
    await db
      .insert(priceHistory)
      .values({ urlId, price: "9.00", currency: "EUR", available: true, createdAt: ago(10) });
    expect((await getLatestReadings(db, [urlId], { cutoff: ago(30) })).get(urlId)?.price).toBe("9.00");
    expect((await getLatestReadings(db, [urlId], { cutoff: ago(5) })).has(urlId)).toBe(false);
    expect((await getLatestReadings(db, [urlId], { before: ago(20) })).has(urlId)).toBe(false);
  });

  it("is recomputed when the latest reading is deleted, cleared when none is left (purge, URL deletion)", async () => {
    const db = await getDb();
    await db.insert(priceHistory).values([
      { urlId, price: "11.00", currency: "EUR", available: true, createdAt: ago(400) },
      { urlId, price: "12.00", currency: "EUR", available: true, createdAt: ago(2) },
    ]);
    const newest = await newestReadingId();
    await db.delete(priceHistory).where(eq(priceHistory.id, newest!));
    expect(await latestColumns()).toMatchObject({ price: "11.00", id: await newestReadingId() });
    // Freemium keeps less than 400 days: the purge deletes the only reading left
    expect((await purgeHistory()).history).toBeGreaterThanOrEqual(1);
    expect(await latestColumns()).toMatchObject({ id: null, price: null, at: null, available: null });
    expect((await listProducts(workspaceId))[0]).toMatchObject({ url_count: 1, lowest_price: null });
    await db.insert(priceHistory).values({ urlId, price: "13.00", currency: "EUR", available: true });
    await db.delete(productUrls).where(eq(productUrls.id, urlId));
    expect((await listProducts(workspaceId))[0]).toMatchObject({ url_count: 0, lowest_price: null });
  });
});
